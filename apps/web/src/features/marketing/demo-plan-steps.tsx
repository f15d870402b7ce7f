import { PLAN_STEPS, planStepsAt } from './feature-tour-demos';
import { CheckIcon } from './icons';

/** A seven-step plan: one more step is finished at each refresh. */
export function PlanStepsDemo({ step }: { step: number }) {
  const { percent, steps } = planStepsAt(step);
  return (
    <div className="lp-demo">
      <h3 className="lp-demo__title">Project plan: group coaching launch</h3>
      <div className="lp-plan__summary">
        <span className="lp-demo__label">Plan progress</span>
        <span className="lp-bar lp-plan__bar" aria-hidden="true">
          <span className="lp-bar__fill" style={{ transform: `scaleX(${percent / 100})` }} />
        </span>
        <span className="lp-plan__percent">{percent}%</span>
      </div>
      <ol className="lp-plan">
        {PLAN_STEPS.map((name, index) => {
          const state = steps[index] ?? { status: 'next', text: '' };
          return (
            <li key={name} className={`lp-plan__step lp-plan__step--${state.status}`}>
              {/* Both markers are drawn: the step's status shows one (feature-tabs.css), as the tour moves on. */}
              <span className="lp-plan__marker" aria-hidden="true">
                <span className="lp-plan__check">
                  <CheckIcon />
                </span>
                <span className="lp-plan__number">{index + 1}</span>
              </span>
              <span className="lp-plan__name">{name}</span>
              <span className="lp-plan__status">{state.text}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
