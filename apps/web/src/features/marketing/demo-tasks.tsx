import { TASK_GROUPS, tasksAt } from './feature-tour-demos';

/** Eight tasks in four colour groups whose progress grows at each refresh. */
export function TasksDemo({ step }: { step: number }) {
  const { percents, progress } = tasksAt(step);
  let task = 0;
  return (
    <div className="lp-demo">
      <h3 className="lp-demo__title">Task list: group coaching launch</h3>
      <p className="lp-demo__context">
        <span className="lp-demo__label">Progress</span> <span className="lp-tasks__progress">{progress}</span>
      </p>
      <div className="lp-tasks">
        {TASK_GROUPS.map((group) => (
          <div key={group.name} className={`lp-tasks__group lp-tone--${group.tone}`}>
            <p className="lp-tasks__group-name">{group.name}</p>
            <ul className="lp-tasks__list">
              {group.tasks.map(({ name }) => {
                const percent = percents[task++] ?? 0;
                return (
                  <li key={name} className="lp-task">
                    <span className="lp-task__name">{name}</span>
                    <span className="lp-bar lp-bar--tone" aria-hidden="true">
                      <span className="lp-bar__fill" style={{ transform: `scaleX(${percent / 100})` }} />
                    </span>
                    <span className="lp-task__percent">{percent}%</span>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
