import type { MyPlanProgressTask } from '../schemas/my-plans';

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
}

export interface ProgressFigures {
  done: number;
  total: number;
  late: number;
  next: MyPlanProgressTask | null;
  tasks: MyPlanProgressTask[];
}

/**
 * Done / next / late of a plan's tasks on `today` (YYYY-MM-DD, UTC). A task is late when it is open and its
 * due day is before today (a task due today is not late yet). The next task is the open one due first; open
 * tasks without a date come after every dated one, in plan order.
 */
export function progressFigures(tasks: readonly ReportedTask[], today: string): ProgressFigures {
  const shown = tasks.map((t) => ({ ...t, late: !t.done && t.due_on !== null && t.due_on < today }));
  let next: MyPlanProgressTask | null = null;
  for (const task of shown) {
    if (task.done) continue;
    // ISO dates compare as text; the first of equal dates (plan order) is kept.
    if (!next || (task.due_on !== null && (next.due_on === null || task.due_on < next.due_on))) next = task;
  }
  return {
    done: shown.filter((t) => t.done).length,
    total: shown.length,
    late: shown.filter((t) => t.late).length,
    next,
    tasks: shown,
  };
}
