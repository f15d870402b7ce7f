// The burn-up's figures, apart from its drawing: the planned completion (the target line) worked out from the plan's
// due dates as sent, beside the tasks done per day as read from the tool.
import type { MyPlanProgressPoint } from '@dpp/shared/schemas/my-plans';
import { dayText } from './my-plans-format';

/** A point of the target line: how many tasks are due on or before `date`. */
export interface TargetPoint {
  date: string;
  due: number;
}

/** One row of the chart: a day (its UTC time, for the time axis), the reads of that day if any, and the target. */
export interface BurnUpRow {
  day: number;
  date: string;
  done?: number;
  total?: number;
  target: number;
}

/** The planned completion: at each due day, how many tasks are due by then. A task without a due date never is. */
export function targetLine(planned: readonly (string | null)[]): TargetPoint[] {
  const days = planned.filter((d): d is string => d !== null).sort();
  const points: TargetPoint[] = [];
  days.forEach((date, i) => {
    const last = points.at(-1);
    if (last?.date === date) last.due = i + 1;
    else points.push({ date, due: i + 1 });
  });
  return points;
}

/** Tasks due by `date` on the target line. */
const dueBy = (target: readonly TargetPoint[], date: string): number =>
  target.findLast((point) => point.date <= date)?.due ?? 0;

const utcTime = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The chart's rows, one per day something happens: from the day the plan was sent (with what was due by then) to the
 * later of the last read and the last due day. Done and total are the reads' own, on their days only; the target is
 * on every row, so that its steps fall on the due days.
 */
export function burnUpRows(
  history: readonly MyPlanProgressPoint[],
  planned: readonly (string | null)[],
  sentOn: string,
): BurnUpRow[] {
  const target = targetLine(planned);
  const reads = new Map(history.map((point) => [point.date, point]));
  const days = [...new Set([sentOn, ...history.map((p) => p.date), ...target.map((p) => p.date)])]
    .filter((date) => date >= sentOn)
    .sort();
  return days.map((date) => {
    const read = reads.get(date);
    return {
      day: utcTime(date),
      date,
      ...(read && { done: read.done, total: read.total }),
      target: dueBy(target, date),
    };
  });
}

/** What the chart shows, in words: done at the last read against what was planned by then, and the plan's end. */
export function burnUpSummary(history: readonly MyPlanProgressPoint[], planned: readonly (string | null)[]): string {
  const last = history.at(-1);
  const target = targetLine(planned);
  const read = last ? `${last.done} of ${last.total} done on ${dayText(last.date)}` : 'Not read yet';
  const end = target.at(-1);
  if (!end) return `${read}; no task has a due date.`;
  const byThen = last ? `, against ${dueBy(target, last.date)} planned by then` : '';
  return `${read}${byThen}; all ${end.due} dated tasks planned by ${dayText(end.date)}.`;
}
