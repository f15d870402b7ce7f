import type { MyPlanProgressState, MyPlanProgressTask } from '../schemas/my-plans';

/**
 * A read sooner than this after the last one answers the last one: a Refresh pressed twice or in two tabs at once
 * sends the tool one read. Short, as a member who has just ticked tasks in the tool expects to see them.
 */
export const PROGRESS_MIN_READ_GAP_MS = 2_000;

/** A sent task as the tool last reported it, in the plan's order. */
export interface ReportedTask {
  name: string;
  section: string;
  due_on: string | null;
  done: boolean;
  /** The copy's own id of the task when it was sent (null for a sending recorded before ids were kept). */
  task_id?: string | null;
  /** Its due day as it was sent: the plan the burn-up's target line is drawn from. */
  planned_on?: string | null;
}

export interface ProgressFigures {
  done: number;
  total: number;
  late: number;
  next: MyPlanProgressTask | null;
  tasks: MyPlanProgressTask[];
}

/** Late: open, and due before today (YYYY-MM-DD, UTC); a task due today is not late yet. */
export const isLate = (task: { done: boolean; due: string | null }, today: string): boolean =>
  !task.done && task.due !== null && task.due < today;

/**
 * The "Next" tasks, by the one rule My Plans and the progress details both follow: the open tasks that are not
 * late (late ones are listed as such), the one due first first; tasks without a date after every dated one; plan
 * order between equals. At most `count`.
 */
export function nextTasks<T extends { done: boolean; late: boolean; due_on: string | null }>(
  tasks: readonly T[],
  count: number,
): T[] {
  const open = tasks.filter((t) => !t.done && !t.late);
  // A stable sort keeps plan order between equal days; ISO days compare as text.
  const byDay = open.sort((a, b) => {
    if (a.due_on === b.due_on) return 0;
    if (a.due_on === null) return 1;
    if (b.due_on === null) return -1;
    return a.due_on < b.due_on ? -1 : 1;
  });
  return byDay.slice(0, count);
}

/** Done / next / late of a plan's tasks on `today` (YYYY-MM-DD, UTC). */
export function progressFigures(tasks: readonly ReportedTask[], today: string): ProgressFigures {
  const shown: MyPlanProgressTask[] = tasks.map((t) => ({
    task_id: t.task_id ?? null,
    name: t.name,
    section: t.section,
    due_on: t.due_on,
    planned_on: t.planned_on ?? null,
    done: t.done,
    late: isLate({ done: t.done, due: t.due_on }, today),
  }));
  return {
    done: shown.filter((t) => t.done).length,
    total: shown.length,
    late: shown.filter((t) => t.late).length,
    next: nextTasks(shown, 1)[0] ?? null,
    tasks: shown,
  };
}

/** What a sending says of the copy's tasks: its state, when it was sent, and each sent task done or not. */
export interface SendingTaskStates {
  state: MyPlanProgressState;
  sent_at: string;
  tasks: readonly { task_id: string | null; done: boolean }[];
}

export interface PlanTaskState {
  done: boolean;
  late: boolean;
}

/**
 * Which of a copy's tasks are done and which are late, as the editor marks them. A task is done when the newest
 * sending that holds it and has been read says so: a sending not read yet says nothing, nor does one whose
 * project was deleted in its tool. Late: not done and due (the copy's own due day) before today.
 */
export function planTaskStates(
  tasks: readonly { id: string; due_date: string | null }[],
  sendings: readonly SendingTaskStates[],
  today: string,
): Map<string, PlanTaskState> {
  const read = sendings
    .filter((s) => s.state !== 'waiting' && s.state !== 'gone')
    .sort((a, b) => b.sent_at.localeCompare(a.sent_at));
  const done = new Map<string, boolean>();
  for (const sending of read) {
    for (const task of sending.tasks) {
      if (task.task_id !== null && !done.has(task.task_id)) done.set(task.task_id, task.done);
    }
  }
  return new Map(
    tasks.map((task) => {
      const isDone = done.get(task.id) ?? false;
      return [task.id, { done: isDone, late: isLate({ done: isDone, due: task.due_date }, today) }];
    }),
  );
}
