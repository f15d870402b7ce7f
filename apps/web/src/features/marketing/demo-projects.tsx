interface Recommendation {
  title: string;
  detail: string;
  match: number;
}

const PROJECTS: readonly Recommendation[] = [
  {
    title: 'Launch the group coaching program',
    detail: 'Package the offer, open enrolment and run the first cohort.',
    match: 96,
  },
  {
    title: 'Build a webinar sales funnel',
    detail: 'Two partner webinars that lead to discovery calls.',
    match: 88,
  },
  {
    title: 'Start a client referral program',
    detail: 'Reward past clients for introducing new managers.',
    match: 79,
  },
];

/** Three recommended projects; scores fill in at the first refresh and the best match is highlighted. */
export function ProjectsDemo({ step }: { step: number }) {
  const scored = step >= 1;
  return (
    <div className="lp-demo">
      <h3 className="lp-demo__title">Recommended projects</h3>
      <p className="lp-demo__context">
        <span className="lp-demo__label">For</span> Enrol 12 clients in a group program by April 15.
      </p>
      <ol className="lp-projects">
        {PROJECTS.map((project, index) => {
          const best = scored && index === 0;
          return (
            <li key={project.title} className={best ? 'lp-project lp-project--best' : 'lp-project'}>
              <div className="lp-project__head">
                <strong className="lp-project__title">{project.title}</strong>
                {best && <span className="lp-project__badge">Best match</span>}
              </div>
              <p className="lp-project__detail">{project.detail}</p>
              <div className="lp-project__match">
                <span className="lp-bar" aria-hidden="true">
                  <span className="lp-bar__fill" style={{ transform: `scaleX(${scored ? project.match / 100 : 0})` }} />
                </span>
                <span className="lp-project__score">{scored ? `${project.match}% match` : 'Scoring…'}</span>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
