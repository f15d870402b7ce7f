import { SMART_ANSWERS, smartGoalsAt } from './feature-tour-demos';

/** SMART Q&A for an example business: two more answers appear at each refresh (feature-tour-demos.ts). */
export function SmartGoalsDemo({ step }: { step: number }) {
  const { revealed, done, status } = smartGoalsAt(step);
  return (
    <div className="lp-demo">
      <h3 className="lp-demo__title">SMART goal for Bright Path Coaching</h3>
      <p className="lp-demo__context">
        <span className="lp-demo__label">Your goal</span> &ldquo;Grow my leadership coaching practice.&rdquo;
      </p>
      <dl className="lp-smart">
        {SMART_ANSWERS.map((item, index) => (
          <div key={item.key} className="lp-smart__row">
            <dt className="lp-smart__term">
              <span className="lp-smart__letter" aria-hidden="true">
                {item.letter}
              </span>
              {item.label}
            </dt>
            <dd className={index < revealed ? 'lp-smart__answer' : 'lp-smart__answer lp-smart__answer--pending'}>
              <span className={index < revealed ? 'lp-demo__appear' : undefined}>{item.answer}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className={done ? 'lp-demo__status lp-demo__status--done' : 'lp-demo__status'}>{status}</p>
    </div>
  );
}
