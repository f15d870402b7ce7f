import { CheckIcon } from './icons';

const STEPS = [
  'Clarify the goal',
  'Choose the project',
  'Write the success plan',
  'Generate the task list',
  'Assign owners and due dates',
  'Send the plan to your tool',
  'Review progress every week',
] as const;

const FIRST_DONE = 2;

/** A seven-step plan: one more step is finished at each refresh. */
export function PlanStepsDemo({ step }: { step: number }) {
  const done = Math.min(STEPS.length, FIRST_DONE + step);
  const percent = Math.round((done / STEPS.length) * 100);
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
        {STEPS.map((name, index) => {
          const status = index < done ? 'done' : index === done ? 'current' : 'next';
          return (
            <li key={name} className={`lp-plan__step lp-plan__step--${status}`}>
              <span className="lp-plan__marker" aria-hidden="true">
                {status === 'done' ? <CheckIcon /> : index + 1}
              </span>
              <span className="lp-plan__name">{name}</span>
              <span className="lp-plan__status">
                {status === 'done' ? 'Done' : status === 'current' ? 'In progress' : 'Up next'}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
