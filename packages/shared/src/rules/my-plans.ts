import { MY_PLAN_LIMITS, type MyPlanDocument, type MyPlanPriority, type MyPlanTask } from '../schemas/my-plans';

/** A plan's sections, tasks and subtasks, each task with its due date as `Due` says it. */
export interface PlanOutline<Due> {
  sections: {
    name: string;
    description: string;
    tasks: ({ name: string; description: string; subtasks: { name: string; description: string }[] } & Due)[];
  }[];
}

/** A plan as templates and the AI planner hold it: tasks due a number of days after the project starts. */
export type RelativePlan = PlanOutline<{ due_in_days: number }>;

/**
 * A member's edited copy as it is uploaded: tasks due on a date (YYYY-MM-DD), or null for no due date, with the
 * day they start (or null) and their priority.
 */
export type DatedPlan = PlanOutline<{ due_on: string | null; start_on: string | null; priority: MyPlanPriority }>;

/** A task as a plan gets it when added: undated, unowned, no priority, no subtasks, unless given. */
export function newTask(id: string, fields: Partial<Omit<MyPlanTask, 'id'>> = {}): MyPlanTask {
  return {
    id,
    name: 'New task',
    description: '',
    start_date: null,
    due_date: null,
    owner: '',
    priority: 'none',
    subtasks: [],
    ...fields,
  };
}

/** A copy's file name as a download: safe in a Content-Disposition header, the same in the browser's save. */
export function copyFileName(name: string, format: 'docx' | 'xlsx'): string {
  const base =
    name
      .replace(/[^\w .-]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 80) || 'my-plan';
  return `${base}.${format}`;
}

/** YYYY-MM-DD plus a number of days, in UTC. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD, UTC); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today's date in UTC, YYYY-MM-DD: the default start of a copy. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to remove them.
const CONTROLS_IN_LINE = /[\u0000-\u001f\u007f-\u009f]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to remove them.
const CONTROLS_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]+/g;

/** A name as a copy may hold it: one line, within the limit, never blank. */
export function copyName(text: string, fallback: string): string {
  const line = text.replace(CONTROLS_IN_LINE, ' ').trim().slice(0, MY_PLAN_LIMITS.NAME).trim();
  return line || fallback;
}
const copyDescription = (text: string) => text.replace(CONTROLS_IN_TEXT, '').slice(0, MY_PLAN_LIMITS.DESCRIPTION);

/**
 * The member's own copy of a template's or an AI plan's plan: each task's `due_in_days` becomes a date from
 * `startDate`, every item gets an id from `newId`, and text and counts are brought within the copy's limits
 * (a source written before the limits, or by an administrator's spreadsheet, may hold more), so that saving
 * an unchanged copy never fails its own checks.
 */
export function copyOfPlan(source: RelativePlan, startDate: string, newId: () => string): MyPlanDocument {
  let tasksLeft: number = MY_PLAN_LIMITS.TASKS;
  const sections = source.sections.slice(0, MY_PLAN_LIMITS.SECTIONS).map((section) => {
    const tasks = section.tasks.slice(0, tasksLeft);
    tasksLeft -= tasks.length;
    return {
      id: newId(),
      name: copyName(section.name, 'Section'),
      description: copyDescription(section.description),
      tasks: tasks.map((task) => ({
        id: newId(),
        name: copyName(task.name, 'Task'),
        description: copyDescription(task.description),
        start_date: null,
        due_date: addDays(startDate, Math.max(0, Math.trunc(task.due_in_days))),
        owner: '',
        priority: 'none' as const,
        subtasks: task.subtasks.slice(0, MY_PLAN_LIMITS.SUBTASKS_PER_TASK).map((subtask) => ({
          id: newId(),
          name: copyName(subtask.name, 'Subtask'),
          description: copyDescription(subtask.description),
        })),
      })),
    };
  });
  return { start_date: startDate, sections };
}

/** The plan permission whose limit is how many copies a membership keeps (set on /permission-settings). */
export const MY_PLANS_PERMISSION = { type: 'FEATURE', name: 'my-plans' } as const;

/** How many copies a trial keeps at most, whatever its plan allows: a trial is for trying, not for storing. */
export const MY_PLANS_TRIAL_LIMIT = 10;

/**
 * How many copies a member may keep: the number their membership's plan sets (null: no limit), a trial at most
 * MY_PLANS_TRIAL_LIMIT of it.
 */
export function myPlansLimit(planLimit: number | null, trial: boolean): number | null {
  if (!trial) return planLimit;
  return planLimit === null ? MY_PLANS_TRIAL_LIMIT : Math.min(planLimit, MY_PLANS_TRIAL_LIMIT);
}
