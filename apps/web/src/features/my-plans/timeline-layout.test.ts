import type { MyPlanDocument, MyPlanTask } from '@dpp/shared';
import { daysBetween, newTask } from '@dpp/shared';
import { describe, expect, it } from 'vitest';
import {
  barEdgeAt,
  barOf,
  conflictsOf,
  DIAMOND,
  fitDayWidth,
  HEADER_HEIGHT,
  movedDates,
  ROW_HEIGHT,
  resizedDates,
  sameRow,
  type TimelineRow,
  timelineLayout,
  ZOOM_DAY_WIDTH,
  zoomOf,
} from './timeline-layout';

const task = (id: string, start_date: string | null, due_date: string | null, extra: Partial<MyPlanTask> = {}) =>
  newTask(id, { name: `Task ${id}`, start_date, due_date, ...extra });
/** An undated plan of one section holding these tasks. */
const oneSection = (tasks: MyPlanTask[]): MyPlanDocument => ({
  start_date: null,
  sections: [{ id: 's', name: 'S', description: '', tasks }],
});
const taskRow = (rows: TimelineRow[], id: string) => {
  const row = rows.find((r) => r.id === id);
  if (row?.kind !== 'task') throw new Error(`no task row ${id}`);
  return row;
};

describe('the timeline', () => {
  it('draws a task from its start to its due date, one day on the only date it has, and nothing without dates', () => {
    expect(barOf(task('a', '2026-12-01', '2026-12-05'))).toEqual({ from: '2026-12-01', to: '2026-12-05' });
    expect(barOf(task('b', null, '2026-12-05'))).toEqual({ from: '2026-12-05', to: '2026-12-05' });
    expect(barOf(task('c', '2026-12-01', null))).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(barOf(task('d', null, null))).toBeNull();
    // A milestone is the moment it is due.
    expect(barOf(task('m', '2026-12-01', '2026-12-05', { milestone: true }))).toEqual({
      from: '2026-12-05',
      to: '2026-12-05',
    });
  });

  it('moves a task by whole days keeping its length, across months and years', () => {
    expect(movedDates(task('a', '2026-12-30', '2027-01-02'), 3)).toEqual({
      start_date: '2027-01-02',
      due_date: '2027-01-05',
    });
    expect(movedDates(task('b', null, '2026-03-01'), -1)).toEqual({ start_date: null, due_date: '2026-02-28' });
    // Never past the days a plan may have: the move is not made.
    expect(movedDates(task('c', '2100-12-30', '2100-12-31'), 1)).toBeNull();
    expect(movedDates(task('d', '2000-01-01', null), -7)).toBeNull();
    expect(movedDates(task('e', null, '2100-12-30'), 1)).toEqual({ start_date: null, due_date: '2100-12-31' });
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
  });

  it('resizes a bar by either end, never below one day, and only moves a milestone', () => {
    const a = task('a', '2026-12-01', '2026-12-05');
    expect(resizedDates(a, 'due', 2)).toEqual({ start_date: '2026-12-01', due_date: '2026-12-07' });
    expect(resizedDates(a, 'due', -10)).toEqual({ start_date: '2026-12-01', due_date: '2026-12-01' });
    expect(resizedDates(a, 'start', -3)).toEqual({ start_date: '2026-11-28', due_date: '2026-12-05' });
    expect(resizedDates(a, 'start', 9)).toEqual({ start_date: '2026-12-05', due_date: '2026-12-05' });
    expect(resizedDates(a, 'move', 1)).toEqual({ start_date: '2026-12-02', due_date: '2026-12-06' });
    // A template's task (due date only) gets a start when it is made longer.
    expect(resizedDates(task('t', null, '2026-12-05'), 'start', -2)).toEqual({
      start_date: '2026-12-03',
      due_date: '2026-12-05',
    });
    expect(resizedDates(task('m', null, '2026-12-05', { milestone: true }), 'start', -2)).toEqual({
      start_date: null,
      due_date: '2026-12-03',
    });
    // Nothing changes: no change at all.
    expect(resizedDates(a, 'due', 0)).toBeNull();
    expect(resizedDates(task('one', '2026-12-01', '2026-12-01'), 'start', 1)).toBeNull();
    expect(resizedDates(task('u', null, null), 'due', 1)).toBeNull();
    expect(resizedDates(task('z', '2100-12-30', '2100-12-31'), 'due', 1)).toBeNull();
  });

  it('spans every bar and the start of the plan with a margin, sections over their tasks, undated tasks last', () => {
    const plan: MyPlanDocument = {
      start_date: '2026-12-01',
      sections: [
        { id: 's1', name: 'First', description: '', tasks: [task('a', null, '2026-12-10'), task('b', null, null)] },
        { id: 's2', name: 'Second', description: '', tasks: [task('c', '2026-12-05', '2026-12-20')] },
        { id: 's3', name: 'Empty', description: '', tasks: [task('d', null, null)] },
      ],
    };
    const layout = timelineLayout(plan, '2026-11-27', 10);
    expect(layout.firstDay).toBe('2026-11-29');
    // 1 to 20 December and two days on each side.
    expect(layout.days).toBe(24);
    expect(layout.rows.map((row) => row.id)).toEqual(['s1', 'a', 's2', 'c', 's3', 'undated', 'b', 'd']);
    expect(layout.rows.map((row) => row.y)).toEqual(layout.rows.map((_, i) => HEADER_HEIGHT + i * ROW_HEIGHT));
    expect(layout.height).toBe(HEADER_HEIGHT + 8 * ROW_HEIGHT);
    const [first, , second, , empty] = layout.rows;
    expect(first).toMatchObject({ summary: { bar: { from: '2026-12-10', to: '2026-12-10' }, x: 110, width: 10 } });
    expect(second).toMatchObject({ summary: { bar: { from: '2026-12-05', to: '2026-12-20' }, x: 60, width: 160 } });
    expect(empty).toMatchObject({ summary: null });
    expect(taskRow(layout.rows, 'c')).toMatchObject({ x: 60, width: 160, label: { text: 'Task c · 5 Dec – 20 Dec' } });
    expect(taskRow(layout.rows, 'b')).toMatchObject({ bar: null });
    // Today (27 November) is before the first day drawn: no line.
    expect(layout.todayX).toBeNull();
    expect(timelineLayout(plan, '2026-12-01', 10).todayX).toBe(25);
  });

  it('shows two weeks from the start, or from today, when nothing has a date', () => {
    const undated: MyPlanDocument = { start_date: null, sections: [] };
    expect(timelineLayout(undated, '2026-11-27', 10)).toMatchObject({ firstDay: '2026-11-25', days: 16, rows: [] });
  });

  it('draws a milestone as a diamond on its due day and puts a label where it fits, never cut', () => {
    const long = 'A task whose name is much longer than thirty characters, said in full';
    const plan = oneSection([
      task('a', '2026-12-01', '2026-12-02'),
      task('m', null, '2026-12-30', { milestone: true, name: long }),
    ]);
    const layout = timelineLayout(plan, '2026-12-01', 20);
    const m = taskRow(layout.rows, 'm');
    const mid = daysBetween(layout.firstDay, '2026-12-30') * 20 + 10;
    expect([m.x, m.width, m.milestone]).toEqual([mid - DIAMOND, 2 * DIAMOND, true]);
    // The last bar's label would run past the chart: it goes before the bar, whole.
    expect(m.label).toEqual({ text: `${long} · 30 Dec`, x: mid - DIAMOND - 14, anchor: 'end' });
    expect(taskRow(layout.rows, 'a').label.anchor).toBe('start');
    expect(layout.width).toBe(layout.days * 20);
  });

  it('draws each link as an arrow from the end of one bar to the start of the other, marking conflicts', () => {
    const plan = oneSection([
      task('a', '2026-12-01', '2026-12-03'),
      task('b', '2026-12-10', '2026-12-11', { depends_on: ['a'] }),
      task('c', '2026-12-02', '2026-12-04', { depends_on: ['a', 'u'] }),
      task('u', null, null),
    ]);
    const layout = timelineLayout(plan, '2026-12-01', 10);
    const y = (id: string) => taskRow(layout.rows, id).y + ROW_HEIGHT / 2;
    // a: 2 days of margin, then 1 to 3 December: x 20 to 50.
    expect(layout.arrows).toEqual([
      { from: 'a', to: 'b', path: `M50 ${y('a')}H58V${y('b')}H110`, conflict: false },
      // c starts before a is due: the arrow turns back between the rows; u has no dates, so no arrow.
      {
        from: 'a',
        to: 'c',
        path: `M50 ${y('a')}H58V${y('c') - ROW_HEIGHT / 2}H22V${y('c')}H30`,
        conflict: true,
      },
    ]);
    expect(conflictsOf(plan)).toEqual([{ taskId: 'c', onId: 'a' }]);
    // Starting on the day the other is due is a conflict too: finish first, then start.
    const sameDay = structuredClone(plan);
    sameDay.sections[0]!.tasks[1]!.start_date = '2026-12-03';
    expect(conflictsOf(sameDay)).toEqual([
      { taskId: 'b', onId: 'a' },
      { taskId: 'c', onId: 'a' },
    ]);
  });

  it('fits a 90-day plan in a laptop frame and names zoom levels by day width', () => {
    const width = fitDayWidth(94, 1200);
    expect(width * 94).toBeLessThanOrEqual(1200);
    expect(width).toBeGreaterThan(12);
    expect(fitDayWidth(5, 1200)).toBe(ZOOM_DAY_WIDTH.day);
    expect(fitDayWidth(4000, 300)).toBe(2);
    expect(Object.entries(ZOOM_DAY_WIDTH).map(([zoom, w]) => [zoom, zoomOf(w)])).toEqual([
      ['day', 'day'],
      ['week', 'week'],
      ['month', 'month'],
    ]);
  });

  it('marks the scale every day, each Monday, or each month by zoom', () => {
    const plan: MyPlanDocument = {
      start_date: null,
      sections: [{ id: 's', name: 'S', description: '', tasks: [task('a', '2026-12-01', '2027-02-28')] }],
    };
    const labels = (w: number) => timelineLayout(plan, '2026-12-01', w).ticks.map((t) => t.label);
    expect(labels(ZOOM_DAY_WIDTH.day).slice(0, 5)).toEqual(['29', '30', '1', '2', '3']);
    const months = timelineLayout(plan, '2026-12-01', ZOOM_DAY_WIDTH.day).ticks.filter((t) => t.month);
    expect(months.map((t) => [t.day, t.month])).toEqual([
      ['2026-11-29', 'Nov 2026'],
      ['2026-12-01', 'Dec 2026'],
      ['2027-01-01', 'Jan 2027'],
      ['2027-02-01', 'Feb 2027'],
      ['2027-03-01', 'Mar 2027'],
    ]);
    expect(labels(ZOOM_DAY_WIDTH.week).slice(0, 3)).toEqual(['30 Nov', '7 Dec', '14 Dec']);
    expect(labels(ZOOM_DAY_WIDTH.month)).toEqual(['Dec 2026', 'Jan 2027', 'Feb 2027', 'Mar 2027']);
  });

  it('resizes from the first or last 7 px of a bar and moves it from its middle; a milestone or a short bar only moves', () => {
    const bar = { x: 100, width: 64, milestone: false };
    expect([100, 107, 108, 132, 156, 157, 164].map((x) => barEdgeAt(bar, x))).toEqual([
      'start',
      'start',
      'move',
      'move',
      'move',
      'due',
      'due',
    ]);
    expect(barEdgeAt({ ...bar, milestone: true }, 100)).toBe('move');
    // Under three handles wide (a day at the month zoom), grabbing an end would leave nothing to move it by.
    expect(barEdgeAt({ x: 100, width: 20, milestone: false }, 100)).toBe('move');
    expect(barEdgeAt({ x: 100, width: 21, milestone: false }, 100)).toBe('start');
  });

  it('finds a row drawn alike in the next layout, and one moved, renamed or differently labelled not alike', () => {
    const plan = oneSection([task('a', '2026-12-01', '2026-12-03'), task('b', '2026-12-05', '2026-12-06')]);
    const before = timelineLayout(plan, '2026-12-01', 10).rows;
    const moved = structuredClone(plan);
    moved.sections[0]!.tasks[1]!.due_date = '2026-12-07';
    const after = timelineLayout(moved, '2026-12-01', 10).rows;
    // The section's summary and b's bar changed; a's row did not, though it is another object.
    expect(before.map((row, i) => sameRow(row, after[i]!))).toEqual([false, true, false]);
    expect(after[1]).not.toBe(before[1]);
    const renamed = structuredClone(plan);
    renamed.sections[0]!.tasks[0]!.name = 'Renamed';
    expect(sameRow(before[1]!, timelineLayout(renamed, '2026-12-01', 10).rows[1]!)).toBe(false);
    // Another zoom moves every row.
    expect(sameRow(before[1]!, timelineLayout(plan, '2026-12-01', 20).rows[1]!)).toBe(false);
    expect(sameRow(before[1]!, before[1]!)).toBe(true);
  });
});
