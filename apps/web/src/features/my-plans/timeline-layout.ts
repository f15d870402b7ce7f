import type { MyPlanDocument, MyPlanTask } from '@dpp/shared';
import { addDays, daysBetween, isDayInRange } from '@dpp/shared';

/** One row of the timeline: a section's heading, or one of its tasks with its bar (null without dates). */
export type TimelineRow =
  | { kind: 'section'; id: string; name: string }
  | { kind: 'task'; id: string; name: string; bar: TaskBar | null };

/** A task's bar: its first and last day, both included (YYYY-MM-DD). */
export interface TaskBar {
  from: string;
  to: string;
}

export interface TimelineLayout {
  /** The first day drawn (YYYY-MM-DD). */
  firstDay: string;
  /** How many days are drawn from it. */
  days: number;
  rows: TimelineRow[];
}

/** Days drawn before the earliest date and after the latest, so bars do not touch the edges. */
const MARGIN_DAYS = 2;
/** What an empty plan shows: two weeks from its start. */
const EMPTY_DAYS = 14;

/**
 * A task's bar: from its start to its due date; a task with one of them is a one-day bar on it (a template's
 * tasks have a due date only); none without dates.
 */
export function barOf(task: Pick<MyPlanTask, 'start_date' | 'due_date'>): TaskBar | null {
  const from = task.start_date ?? task.due_date;
  const to = task.due_date ?? task.start_date;
  return from && to ? { from, to } : null;
}

/**
 * The task's dates moved by `days`, its length kept; a date it does not have stays absent. Null when the move
 * would take a date past the days a plan may have (DAY_RANGE): the bar stays where it is.
 */
export function movedDates(
  task: Pick<MyPlanTask, 'start_date' | 'due_date'>,
  days: number,
): Pick<MyPlanTask, 'start_date' | 'due_date'> | null {
  const moved = {
    start_date: task.start_date && addDays(task.start_date, days),
    due_date: task.due_date && addDays(task.due_date, days),
  };
  return [moved.start_date, moved.due_date].every((day) => day === null || isDayInRange(day)) ? moved : null;
}

/** The rows of a plan and the days they span, with a margin; an undated plan spans two weeks from its start. */
export function timelineLayout(plan: MyPlanDocument, today: string): TimelineLayout {
  const rows: TimelineRow[] = [];
  let first: string | null = plan.start_date;
  let last: string | null = plan.start_date;
  for (const section of plan.sections) {
    rows.push({ kind: 'section', id: section.id, name: section.name });
    for (const task of section.tasks) {
      const bar = barOf(task);
      rows.push({ kind: 'task', id: task.id, name: task.name, bar });
      if (!bar) continue;
      if (first === null || bar.from < first) first = bar.from;
      if (last === null || bar.to > last) last = bar.to;
    }
  }
  if (first === null || last === null || first === last) {
    const start = first ?? today;
    return { firstDay: addDays(start, -MARGIN_DAYS), days: EMPTY_DAYS + MARGIN_DAYS, rows };
  }
  return { firstDay: addDays(first, -MARGIN_DAYS), days: daysBetween(first, last) + 1 + 2 * MARGIN_DAYS, rows };
}
