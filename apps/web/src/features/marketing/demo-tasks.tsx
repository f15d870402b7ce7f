type Tone = 'blue' | 'green' | 'amber' | 'purple';

interface DemoTask {
  name: string;
  start: number;
}

interface TaskGroup {
  name: string;
  tone: Tone;
  tasks: readonly DemoTask[];
}

const GROUPS: readonly TaskGroup[] = [
  {
    name: 'Plan',
    tone: 'blue',
    tasks: [
      { name: 'Write the program outline', start: 100 },
      { name: 'Set the price and payment link', start: 70 },
    ],
  },
  {
    name: 'Market',
    tone: 'green',
    tasks: [
      { name: 'Build the sales page', start: 55 },
      { name: 'Schedule two partner webinars', start: 40 },
    ],
  },
  {
    name: 'Sell',
    tone: 'amber',
    tasks: [
      { name: 'Email the newsletter list', start: 30 },
      { name: 'Book discovery calls', start: 15 },
    ],
  },
  {
    name: 'Deliver',
    tone: 'purple',
    tasks: [
      { name: 'Prepare week-one materials', start: 5 },
      { name: 'Set up the client portal', start: 0 },
    ],
  },
];

const STEP_GAIN = 15;
const TASK_COUNT = GROUPS.reduce((sum, group) => sum + group.tasks.length, 0);

const percentAt = (task: DemoTask, step: number) => Math.min(100, task.start + step * STEP_GAIN);

/** Eight tasks in four colour groups whose progress grows at each refresh. */
export function TasksDemo({ step }: { step: number }) {
  const complete = GROUPS.flatMap((g) => g.tasks).filter((t) => percentAt(t, step) === 100).length;
  return (
    <div className="lp-demo">
      <h3 className="lp-demo__title">Task list: group coaching launch</h3>
      <p className="lp-demo__context">
        <span className="lp-demo__label">Progress</span> {complete} of {TASK_COUNT} tasks complete
      </p>
      <div className="lp-tasks">
        {GROUPS.map((group) => (
          <div key={group.name} className={`lp-tasks__group lp-tone--${group.tone}`}>
            <p className="lp-tasks__group-name">{group.name}</p>
            <ul className="lp-tasks__list">
              {group.tasks.map((task) => {
                const percent = percentAt(task, step);
                return (
                  <li key={task.name} className="lp-task">
                    <span className="lp-task__name">{task.name}</span>
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
