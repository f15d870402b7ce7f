import {
  MY_PLAN_LIMITS,
  type MyPlanDocument,
  type MyPlanPriority,
  type MyPlanSection,
  type MyPlanSubtask,
  type MyPlanTask,
} from '../schemas/my-plans';

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
 * day they start (or null), their priority, and the copy's own id of each (kept with the sending, to say which of
 * the copy's tasks the tool has done), the ids of the tasks each waits on, and whether it is a milestone.
 */
export type DatedPlan = PlanOutline<{
  id?: string;
  due_on: string | null;
  start_on: string | null;
  priority: MyPlanPriority;
  depends_on?: string[];
  milestone?: boolean;
}>;

/** A task as a plan gets it when added: undated, unowned, no priority, no subtasks, unless given. */
export function newTask(id: string, fields: Partial<Omit<MyPlanTask, 'id'>> = {}): MyPlanTask {
  return {
    id,
    name: 'New task',
    description: '',
    start_date: null,
    due_date: null,
    owner: '',
    assignee_id: null,
    priority: 'none',
    depends_on: [],
    milestone: false,
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
 * (a source written before the limits, or by an administrator's spreadsheet, may hold more): items past a count,
 * or past the plan's characters, are left out in plan order, so that saving an unchanged copy never fails its own
 * checks. The dates are not checked here: a start near the last day the product takes may put tasks past it.
 */
export function copyOfPlan(source: RelativePlan, startDate: string, newId: () => string): MyPlanDocument {
  let tasksLeft: number = MY_PLAN_LIMITS.TASKS;
  let subtasksLeft: number = MY_PLAN_LIMITS.SUBTASKS;
  let charactersLeft: number = MY_PLAN_LIMITS.CHARACTERS;
  /** The item's name and description, within the characters left; null when not even its name fits. */
  const text = (item: { name: string; description: string }, fallback: string) => {
    const name = copyName(item.name, fallback);
    if (name.length > charactersLeft) return null;
    const description = copyDescription(item.description).slice(0, charactersLeft - name.length);
    charactersLeft -= name.length + description.length;
    return { name, description };
  };
  const sections: MyPlanSection[] = [];
  for (const section of source.sections.slice(0, MY_PLAN_LIMITS.SECTIONS)) {
    const sectionText = text(section, 'Section');
    if (!sectionText) break;
    const sectionId = newId();
    const tasks: MyPlanTask[] = [];
    for (const task of section.tasks.slice(0, tasksLeft)) {
      const taskText = text(task, 'Task');
      if (!taskText) break;
      const taskId = newId();
      const subtasks: MyPlanSubtask[] = [];
      for (const subtask of task.subtasks.slice(0, Math.min(MY_PLAN_LIMITS.SUBTASKS_PER_TASK, subtasksLeft))) {
        const subtaskText = text(subtask, 'Subtask');
        if (!subtaskText) break;
        subtasks.push({ id: newId(), ...subtaskText });
      }
      subtasksLeft -= subtasks.length;
      tasks.push({
        id: taskId,
        ...taskText,
        start_date: null,
        due_date: addDays(startDate, Math.max(0, Math.trunc(task.due_in_days))),
        owner: '',
        assignee_id: null,
        priority: 'none',
        depends_on: [],
        milestone: false,
        subtasks,
      });
    }
    tasksLeft -= tasks.length;
    sections.push({ id: sectionId, ...sectionText, tasks });
  }
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
