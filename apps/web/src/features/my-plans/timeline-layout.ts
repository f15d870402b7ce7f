// Where everything of the plan's timeline goes, as pure functions of the document and the day width: rows, bars,
// section summaries, the date scale, the today line, the labels beside the bars and the arrows between tasks. The
// component draws what this says and measures nothing (ADR 0038, ADR 0045).
import type { MyPlanDocument, MyPlanTask } from '@dpp/shared';
import { addDays, daysBetween, isDayInRange, longDay } from '@dpp/shared';

/** A task's bar: its first and last day, both included (YYYY-MM-DD). */
export interface TaskBar {
  from: string;
  to: string;
}

/** Where a row's text goes: beside its bar, after it (`start`) or before it (`end`), at `x`. */
export interface RowLabel {
  text: string;
  x: number;
  anchor: 'start' | 'end';
}

/** One row of the timeline, `y` its top. */
export type TimelineRow =
  | {
      kind: 'section';
      id: string;
      name: string;
      y: number;
      /** The bar spanning its tasks' bars, or null when none of them has dates. */
      summary: { bar: TaskBar; x: number; width: number } | null;
      label: RowLabel;
    }
  | {
      kind: 'task';
      id: string;
      name: string;
      y: number;
      /** Null for a task without dates: it is in the lane of undated tasks. */
      bar: TaskBar | null;
      x: number;
      width: number;
      milestone: boolean;
      label: RowLabel;
    }
  /** The heading of the lane of tasks without dates, below the sections. */
  | { kind: 'undated'; id: 'undated'; y: number; count: number };

/** A finish-to-start link drawn: from the end of the task waited on to the start of the task waiting. */
export interface TimelineArrow {
  from: string;
  to: string;
  /** The SVG path, ending at the waiting task's start (the arrowhead is the path's marker). */
  path: string;
  /** The waiting task starts on or before the day the other is due. */
  conflict: boolean;
}

export interface TimelineTick {
  day: string;
  x: number;
  label: string;
  /** The month and year, on a second line, where a month starts (and at the first mark) when days are marked. */
  month?: string;
}

export interface TimelineLayout {
  /** The first day drawn (YYYY-MM-DD). */
  firstDay: string;
  /** How many days are drawn from it. */
  days: number;
  dayWidth: number;
  width: number;
  height: number;
  rows: TimelineRow[];
  ticks: TimelineTick[];
  /** The x of the middle of today, or null when today is not drawn. */
  todayX: number | null;
  arrows: TimelineArrow[];
}

export const ROW_HEIGHT = 32;
export const HEADER_HEIGHT = 44;
export const BAR_HEIGHT = 18;
/** Half the width of a milestone's diamond. */
export const DIAMOND = 9;

/** The zoom levels: a day's width in pixels. */
export const ZOOM_DAY_WIDTH = { day: 32, week: 12, month: 4 } as const;
export type Zoom = keyof typeof ZOOM_DAY_WIDTH;
/** What Fit may choose: never narrower than a month's zoom halved, never wider than a day's. */
const FIT_MIN = 2;
const FIT_MAX = ZOOM_DAY_WIDTH.day;

/** Days drawn before the earliest date and after the latest, so bars do not touch the edges. */
const MARGIN_DAYS = 2;
/** What a plan without dates shows: two weeks from its start. */
const EMPTY_DAYS = 14;
/** Space between a bar and its label: past the stub an arrow leaves a bar by (ARROW_STUB). */
const LABEL_GAP = 14;
/**
 * The width a label's character is reckoned at (13 px text): labels are placed from this, not measured, and a
 * room of a few characters is kept for the word the component adds ("Done", "Late").
 */
const CHAR_WIDTH = 7.2;
const STATE_ROOM = 6;
/** How far an arrow runs out of a bar, and into one, before it turns. */
const ARROW_STUB = 8;

// Dates are written from the day's text (longDay's month names), not with Intl: a 300-task timeline writes
// hundreds of them on every drawing.
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
/** "5 Dec" */
const shortDay = (day: string) =>
  longDay(day)
    .slice(0, -5)
    .replace(/^(\d+ \w{3})\w*$/, '$1');
/** "Dec 2026" */
const monthYear = (day: string) => longDay(day).replace(/^\d+ (\w{3})\w* /, '$1 ');

/** A bar's dates as its label says them: "1 Dec – 5 Dec", or "5 Dec" for one day. */
export function barDates(bar: TaskBar): string {
  const to = shortDay(bar.to);
  return bar.from === bar.to ? to : `${shortDay(bar.from)} – ${to}`;
}

/**
 * A task's bar: from its start to its due date; a task with one of them is a one-day bar on it (a template's
 * tasks have a due date only); none without dates. A milestone is the one day it is due.
 */
export function barOf(task: Pick<MyPlanTask, 'start_date' | 'due_date'> & { milestone?: boolean }): TaskBar | null {
  const from = task.start_date ?? task.due_date;
  const to = task.due_date ?? task.start_date;
  if (!from || !to) return null;
  return task.milestone ? { from: to, to } : { from, to };
}

type Dates = Pick<MyPlanTask, 'start_date' | 'due_date'>;

/**
 * A link's conflict: the waiting task's bar starts on or before the last day of the bar of the task it waits on (a
 * bar includes its due day, so the two would overlap). The one rule of the arrows, the warning and its move.
 */
export const startsBeforeDue = (waiting: TaskBar, on: TaskBar) => waiting.from <= on.to;

/** The earlier and the later of two days (YYYY-MM-DD compare as text). */
const earlier = (a: string, b: string) => (a.localeCompare(b) <= 0 ? a : b);
const later = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);

const inRange = (dates: Dates) => [dates.start_date, dates.due_date].every((day) => day === null || isDayInRange(day));

/**
 * The task's dates moved by `days`, its length kept; a date it does not have stays absent. Null when the move
 * would take a date past the days a plan may have (DAY_RANGE): the bar stays where it is.
 */
export function movedDates(task: Dates, days: number): Dates | null {
  const moved = {
    start_date: task.start_date && addDays(task.start_date, days),
    due_date: task.due_date && addDays(task.due_date, days),
  };
  return inRange(moved) ? moved : null;
}

/** Which part of a bar a drag or a key changes: the whole bar, its first day or its due day. */
export type BarEdge = 'move' | 'start' | 'due';

/**
 * The task's dates with one end of its bar moved by `days` (`move`: the whole bar). A bar is never shorter than
 * one day: an end stops at the other. Resizing gives a task both dates (a due-only task's start is its due day); a
 * milestone, one day, only moves. Null when nothing changes or a date would leave the days a plan may have.
 */
export function resizedDates(task: Dates & { milestone?: boolean }, edge: BarEdge, days: number): Dates | null {
  const bar = barOf(task);
  if (!bar || days === 0) return null;
  if (edge === 'move' || task.milestone) return movedDates(task, days);
  let dates: Dates;
  if (edge === 'due') {
    const due = addDays(bar.to, days);
    dates = { start_date: bar.from, due_date: later(due, bar.from) };
  } else {
    const start = addDays(bar.from, days);
    dates = { start_date: earlier(start, bar.to), due_date: bar.to };
  }
  if (dates.start_date === task.start_date && dates.due_date === task.due_date) return null;
  return inRange(dates) ? dates : null;
}

/** How far from each end of a bar a press grabs that end (resizing) rather than the bar (moving). */
export const HANDLE = 7;

/**
 * The part of a bar at `x` (chart pixels): its first or last HANDLE pixels resize it, the rest moves it. A milestone,
 * or a bar too short for two handles and a middle, only moves.
 */
export function barEdgeAt(bar: { x: number; width: number; milestone: boolean }, x: number): BarEdge {
  if (bar.milestone || bar.width < 3 * HANDLE) return 'move';
  if (x - bar.x <= HANDLE) return 'start';
  return bar.x + bar.width - x <= HANDLE ? 'due' : 'move';
}

/** The day width that draws `days` days in a frame `frameWidth` pixels wide (the Fit button). */
export function fitDayWidth(days: number, frameWidth: number): number {
  const width = Math.floor((frameWidth / Math.max(1, days)) * 10) / 10;
  return Math.min(FIT_MAX, Math.max(FIT_MIN, width));
}

/** The zoom a day width is nearest to, as the zoom control shows it. */
export function zoomOf(dayWidth: number): Zoom {
  if (dayWidth >= 20) return 'day';
  return dayWidth >= 7 ? 'week' : 'month';
}

/** The date scale's marks: every day when a day is wide, each Monday at a week's width, else each month's first. */
function ticksOf(firstDay: string, days: number, dayWidth: number, xOf: (day: string) => number): TimelineTick[] {
  const ticks: TimelineTick[] = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(firstDay, i);
    const date = asDate(day);
    if (dayWidth >= 20) {
      const month = date.getUTCDate() === 1 || i === 0 ? { month: monthYear(day) } : {};
      ticks.push({ day, x: xOf(day), label: `${date.getUTCDate()}`, ...month });
    } else if (dayWidth >= 7) {
      if (date.getUTCDay() === 1) ticks.push({ day, x: xOf(day), label: shortDay(day) });
    } else if (date.getUTCDate() === 1) {
      ticks.push({ day, x: xOf(day), label: monthYear(day) });
    }
  }
  return ticks;
}

/** Where a bar's label fits: after the bar when the chart has room, else before it, else after it (widening it). */
function placeLabel(text: string, start: number, end: number, chartWidth: number): RowLabel {
  const room = (text.length + STATE_ROOM) * CHAR_WIDTH;
  if (end + LABEL_GAP + room <= chartWidth || start - LABEL_GAP - room < 0) {
    return { text, x: end + LABEL_GAP, anchor: 'start' };
  }
  return { text, x: start - LABEL_GAP, anchor: 'end' };
}

/** A section's label, over its summary bar: from its start, or ending at its end when the chart has no room after. */
function placeOver(text: string, start: number, end: number, chartWidth: number): RowLabel {
  const room = text.length * CHAR_WIDTH;
  if (start + room <= chartWidth || end - room < 0) return { text, x: start, anchor: 'start' };
  return { text, x: end, anchor: 'end' };
}

/** How far right a label reaches (placeLabel's estimate). */
const labelEnd = (label: RowLabel) =>
  label.anchor === 'start' ? label.x + (label.text.length + STATE_ROOM) * CHAR_WIDTH : label.x;

/** The arrow from the end of `from` (its right edge) to the start of `to` (its left edge), turning between rows. */
function arrowPath(x1: number, y1: number, x2: number, y2: number): string {
  if (x2 - x1 >= 2 * ARROW_STUB) return `M${x1} ${y1}H${x1 + ARROW_STUB}V${y2}H${x2}`;
  // The waiting task starts before the other ends: out, down (or up) to between the rows, back, and in.
  const between = y2 > y1 ? y2 - ROW_HEIGHT / 2 : y2 + ROW_HEIGHT / 2;
  return `M${x1} ${y1}H${x1 + ARROW_STUB}V${between}H${x2 - ARROW_STUB}V${y2}H${x2}`;
}

/** The days a plan's timeline spans: every bar and the plan's start with a margin; two weeks when undated. */
export function timelineSpan(plan: MyPlanDocument, today: string): { firstDay: string; days: number } {
  let first: string | null = plan.start_date;
  let last: string | null = plan.start_date;
  for (const section of plan.sections) {
    for (const task of section.tasks) {
      const bar = barOf(task);
      if (!bar) continue;
      if (first === null || bar.from < first) first = bar.from;
      if (last === null || bar.to > last) last = bar.to;
    }
  }
  return first === null || last === null || first === last
    ? { firstDay: addDays(first ?? today, -MARGIN_DAYS), days: EMPTY_DAYS + MARGIN_DAYS }
    : { firstDay: addDays(first, -MARGIN_DAYS), days: daysBetween(first, last) + 1 + 2 * MARGIN_DAYS };
}

/**
 * The plan's timeline at `dayWidth` pixels a day: a row per section (its summary bar) and per dated task in the
 * plan's order, then a lane of the tasks without dates; the days span every bar and the plan's start with a
 * margin (an undated plan: two weeks from its start, or today); an arrow per link between two dated tasks.
 */
export function timelineLayout(plan: MyPlanDocument, today: string, dayWidth: number): TimelineLayout {
  const bars = new Map<string, TaskBar>();
  for (const task of plan.sections.flatMap((s) => s.tasks)) {
    const bar = barOf(task);
    if (bar) bars.set(task.id, bar);
  }
  const { firstDay, days } = timelineSpan(plan, today);
  const xOf = (day: string) => daysBetween(firstDay, day) * dayWidth;
  const chartWidth = days * dayWidth;
  let width = chartWidth;

  const rows: TimelineRow[] = [];
  const centre = new Map<string, { y: number; start: number; end: number }>();
  let y = HEADER_HEIGHT;
  const undated: MyPlanTask[] = [];
  for (const section of plan.sections) {
    const dated = section.tasks.filter((t) => bars.has(t.id));
    undated.push(...section.tasks.filter((t) => !bars.has(t.id)));
    let summary: (TimelineRow & { kind: 'section' })['summary'] = null;
    if (dated.length > 0) {
      const from = dated.map((t) => bars.get(t.id)!.from).reduce(earlier);
      const to = dated.map((t) => bars.get(t.id)!.to).reduce(later);
      summary = { bar: { from, to }, x: xOf(from), width: (daysBetween(from, to) + 1) * dayWidth };
    }
    const sectionLabel = summary
      ? placeOver(`${section.name} · ${barDates(summary.bar)}`, summary.x, summary.x + summary.width, chartWidth)
      : { text: section.name, x: 4, anchor: 'start' as const };
    rows.push({ kind: 'section', id: section.id, name: section.name, y, summary, label: sectionLabel });
    width = Math.max(width, labelEnd(sectionLabel));
    y += ROW_HEIGHT;
    for (const task of dated) {
      const bar = bars.get(task.id)!;
      const milestone = task.milestone;
      const x = milestone ? xOf(bar.to) + dayWidth / 2 - DIAMOND : xOf(bar.from);
      const barWidth = milestone ? 2 * DIAMOND : (daysBetween(bar.from, bar.to) + 1) * dayWidth;
      const label = placeLabel(`${task.name} · ${barDates(bar)}`, x, x + barWidth, chartWidth);
      width = Math.max(width, labelEnd(label));
      rows.push({ kind: 'task', id: task.id, name: task.name, y, bar, x, width: barWidth, milestone, label });
      centre.set(task.id, { y: y + ROW_HEIGHT / 2, start: x, end: x + barWidth });
      y += ROW_HEIGHT;
    }
  }
  if (undated.length > 0) {
    rows.push({ kind: 'undated', id: 'undated', y, count: undated.length });
    y += ROW_HEIGHT;
    for (const task of undated) {
      const label = { text: task.name, x: 4, anchor: 'start' as const };
      width = Math.max(width, labelEnd(label));
      rows.push({
        kind: 'task',
        id: task.id,
        name: task.name,
        y,
        bar: null,
        x: 4,
        width: 0,
        milestone: task.milestone,
        label,
      });
      y += ROW_HEIGHT;
    }
  }

  const arrows: TimelineArrow[] = [];
  for (const task of plan.sections.flatMap((s) => s.tasks)) {
    const to = centre.get(task.id);
    if (!to) continue;
    for (const on of task.depends_on) {
      const from = centre.get(on);
      if (!from) continue;
      arrows.push({
        from: on,
        to: task.id,
        path: arrowPath(from.end, from.y, to.start, to.y),
        conflict: startsBeforeDue(bars.get(task.id)!, bars.get(on)!),
      });
    }
  }

  const todayIndex = daysBetween(firstDay, today);
  return {
    firstDay,
    days,
    dayWidth,
    width: Math.ceil(width),
    height: y,
    rows,
    ticks: ticksOf(firstDay, days, dayWidth, xOf),
    todayX: todayIndex >= 0 && todayIndex < days ? xOf(today) + dayWidth / 2 : null,
    arrows,
  };
}

/**
 * Whether two rows, from two layouts, are drawn alike: every field the same, nested places and dates compared by
 * value. A layout is made anew on every edit; this lets a row left as it was keep its drawing.
 */
export function sameRow(a: TimelineRow, b: TimelineRow): boolean {
  return a === b || sameData(a, b);
}

function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** A task that starts on or before the day a task it waits on is due (both dated): the two, by id. */
export interface Conflict {
  taskId: string;
  onId: string;
}

/** The plan's conflicts, in the plan's order (the layout's arrows say the same of the tasks it draws). */
export function conflictsOf(plan: MyPlanDocument): Conflict[] {
  const tasks = plan.sections.flatMap((s) => s.tasks);
  const bars = new Map(tasks.map((t) => [t.id, barOf(t)]));
  const conflicts: Conflict[] = [];
  for (const task of tasks) {
    const bar = bars.get(task.id);
    if (!bar) continue;
    for (const on of task.depends_on) {
      const before = bars.get(on);
      if (before && startsBeforeDue(bar, before)) conflicts.push({ taskId: task.id, onId: on });
    }
  }
  return conflicts;
}
