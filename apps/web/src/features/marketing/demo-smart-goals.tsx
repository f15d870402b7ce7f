interface SmartAnswer {
  key: 'specific' | 'measurable' | 'achievable' | 'relevant' | 'time_bound';
  letter: string;
  label: string;
  answer: string;
}

const ANSWERS: readonly SmartAnswer[] = [
  {
    key: 'specific',
    letter: 'S',
    label: 'Specific',
    answer: 'Launch a six-week group coaching program for first-time managers.',
  },
  {
    key: 'measurable',
    letter: 'M',
    label: 'Measurable',
    answer: 'Enrol 12 paying clients and reach $9,000 in program sales.',
  },
  {
    key: 'achievable',
    letter: 'A',
    label: 'Achievable',
    answer: 'Promote it to 1,800 newsletter readers and in two partner webinars.',
  },
  {
    key: 'relevant',
    letter: 'R',
    label: 'Relevant',
    answer: 'Group coaching grows revenue while freeing 10 hours a week.',
  },
  {
    key: 'time_bound',
    letter: 'T',
    label: 'Time-bound',
    answer: 'Open enrolment on March 1 and start the first cohort on April 15.',
  },
];

/** SMART Q&A for an example business: two more answers appear at each refresh. */
export function SmartGoalsDemo({ step }: { step: number }) {
  const revealed = Math.min(ANSWERS.length, 2 + step * 2);
  const done = revealed === ANSWERS.length;
  return (
    <div className="lp-demo">
      <h3 className="lp-demo__title">SMART goal for Bright Path Coaching</h3>
      <p className="lp-demo__context">
        <span className="lp-demo__label">Your goal</span> &ldquo;Grow my leadership coaching practice.&rdquo;
      </p>
      <dl className="lp-smart">
        {ANSWERS.map((item, index) => (
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
      <p className={done ? 'lp-demo__status lp-demo__status--done' : 'lp-demo__status'}>
        {done ? 'SMART goal ready' : 'Writing your SMART goal…'}
      </p>
    </div>
  );
}
