import { PROJECTS, projectsAt } from './feature-tour-demos';

/** Three recommended projects; scores fill in at the first refresh and the best match is highlighted. */
export function ProjectsDemo({ step }: { step: number }) {
  const states = projectsAt(step);
  return (
    <div className="lp-demo">
      <h3 className="lp-demo__title">Recommended projects</h3>
      <p className="lp-demo__context">
        <span className="lp-demo__label">For</span> Enrol 12 clients in a group program by April 15.
      </p>
      <ol className="lp-projects">
        {PROJECTS.map((project, index) => {
          const state = states[index] ?? { best: false, fill: 0, score: '' };
          return (
            <li key={project.title} className={state.best ? 'lp-project lp-project--best' : 'lp-project'}>
              <div className="lp-project__head">
                <strong className="lp-project__title">{project.title}</strong>
                <span className="lp-project__badge" hidden={!state.best}>
                  Best match
                </span>
              </div>
              <p className="lp-project__detail">{project.detail}</p>
              <div className="lp-project__match">
                <span className="lp-bar" aria-hidden="true">
                  <span className="lp-bar__fill" style={{ transform: `scaleX(${state.fill})` }} />
                </span>
                <span className="lp-project__score">{state.score}</span>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
