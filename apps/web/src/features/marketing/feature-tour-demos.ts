// The feature tour's four demos (ADR 0033): their example data, what each shows at a step (it refreshes every
// 2 s), and how a demo the page already shows moves to a step. Plain TypeScript: the tour runs without the
// framework on the server's page (feature-tour.ts); the demos' components (demo-*.tsx) draw the first state.

/**
 * A step past the end of every demo: the finished state, shown when less motion is preferred, and given to the
 * hidden panels, which keep their place in the layout so the stage is always as tall as the tallest.
 */
export const FINISHED_STEP = 99;

export interface SmartAnswer {
  key: 'specific' | 'measurable' | 'achievable' | 'relevant' | 'time_bound';
  letter: string;
  label: string;
  answer: string;
}

export const SMART_ANSWERS: readonly SmartAnswer[] = [
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

/** SMART Q&A: two more answers appear at each refresh. */
export function smartGoalsAt(step: number) {
  const revealed = Math.min(SMART_ANSWERS.length, 2 + step * 2);
  const done = revealed === SMART_ANSWERS.length;
  return { revealed, done, status: done ? 'SMART goal ready' : 'Writing your SMART goal…' };
}

export interface Recommendation {
  title: string;
  detail: string;
  match: number;
}

export const PROJECTS: readonly Recommendation[] = [
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

/** Three recommended projects: scores fill in at the first refresh and the best match is highlighted. */
export function projectsAt(step: number) {
  const scored = step >= 1;
  return PROJECTS.map((project, index) => ({
    best: scored && index === 0,
    fill: scored ? project.match / 100 : 0,
    score: scored ? `${project.match}% match` : 'Scoring…',
  }));
}

export type Tone = 'blue' | 'green' | 'amber' | 'purple';

export interface DemoTask {
  name: string;
  start: number;
}

export interface TaskGroup {
  name: string;
  tone: Tone;
  tasks: readonly DemoTask[];
}

export const TASK_GROUPS: readonly TaskGroup[] = [
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

const TASK_STEP_GAIN = 15;
const TASKS = TASK_GROUPS.flatMap((group) => group.tasks);

/** Eight tasks in four colour groups whose progress grows at each refresh: each task's percent, in order. */
export function tasksAt(step: number) {
  const percents = TASKS.map((task) => Math.min(100, task.start + step * TASK_STEP_GAIN));
  const complete = percents.filter((percent) => percent === 100).length;
  return { percents, progress: `${complete} of ${TASKS.length} tasks complete` };
}

export const PLAN_STEPS = [
  'Clarify the goal',
  'Choose the project',
  'Write the success plan',
  'Generate the task list',
  'Assign owners and due dates',
  'Send the plan to your tool',
  'Review progress every week',
] as const;

const PLAN_FIRST_DONE = 2;

export type PlanStepStatus = 'done' | 'current' | 'next';

const PLAN_STATUS_TEXT: Record<PlanStepStatus, string> = { done: 'Done', current: 'In progress', next: 'Up next' };

/** A seven-step plan: one more step is finished at each refresh. */
export function planStepsAt(step: number) {
  const done = Math.min(PLAN_STEPS.length, PLAN_FIRST_DONE + step);
  const statuses = PLAN_STEPS.map(
    (_, index): PlanStepStatus => (index < done ? 'done' : index === done ? 'current' : 'next'),
  );
  return {
    percent: Math.round((done / PLAN_STEPS.length) * 100),
    steps: statuses.map((status) => ({ status, text: PLAN_STATUS_TEXT[status] })),
  };
}

const all = (root: Element, selector: string) => [...root.querySelectorAll<HTMLElement>(selector)];

const setText = (element: Element | null, text: string) => {
  if (element && element.textContent !== text) element.textContent = text;
};

const setFill = (bar: HTMLElement | null, fraction: number) => {
  if (bar) bar.style.transform = `scaleX(${fraction})`;
};

/** Moves a demo drawn by its component (the root is its `.lp-demo`) to `step`, as the component would draw it. */
export const SHOW_DEMO_STEP: Record<string, (root: Element, step: number) => void> = {
  smart(root, step) {
    const { revealed, done, status } = smartGoalsAt(step);
    all(root, '.lp-smart__answer').forEach((answer, index) => {
      const shown = index < revealed;
      answer.classList.toggle('lp-smart__answer--pending', !shown);
      answer.firstElementChild?.classList.toggle('lp-demo__appear', shown);
    });
    const statusLine = root.querySelector('.lp-demo__status');
    statusLine?.classList.toggle('lp-demo__status--done', done);
    setText(statusLine, status);
  },
  projects(root, step) {
    const projects = projectsAt(step);
    all(root, '.lp-project').forEach((item, index) => {
      const project = projects[index];
      if (!project) return;
      item.classList.toggle('lp-project--best', project.best);
      const badge = item.querySelector<HTMLElement>('.lp-project__badge');
      if (badge) badge.hidden = !project.best;
      setFill(item.querySelector<HTMLElement>('.lp-bar__fill'), project.fill);
      setText(item.querySelector('.lp-project__score'), project.score);
    });
  },
  tasks(root, step) {
    const { percents, progress } = tasksAt(step);
    setText(root.querySelector('.lp-tasks__progress'), progress);
    all(root, '.lp-task').forEach((task, index) => {
      const percent = percents[index] ?? 0;
      setFill(task.querySelector<HTMLElement>('.lp-bar__fill'), percent / 100);
      setText(task.querySelector('.lp-task__percent'), `${percent}%`);
    });
  },
  plans(root, step) {
    const { percent, steps } = planStepsAt(step);
    setFill(root.querySelector<HTMLElement>('.lp-plan__bar .lp-bar__fill'), percent / 100);
    setText(root.querySelector('.lp-plan__percent'), `${percent}%`);
    all(root, '.lp-plan__step').forEach((item, index) => {
      const state = steps[index];
      if (!state) return;
      item.className = `lp-plan__step lp-plan__step--${state.status}`;
      setText(item.querySelector('.lp-plan__status'), state.text);
    });
  },
};
