import type { MyPlanDocument } from '@dpp/shared';
import { daysBetween, newTask } from '@dpp/shared';
import { describe, expect, it } from 'vitest';
import { barOf, movedDates, timelineLayout } from './timeline-layout';

const task = (id: string, start_date: string | null, due_date: string | null) =>
  newTask(id, { name: `Task ${id}`, start_date, due_date });

describe('the timeline', () => {
  it('draws a task from its start to its due date, one day on the only date it has, and nothing without dates', () => {
    expect(barOf(task('a', '2026-12-01', '2026-12-05'))).toEqual({ from: '2026-12-01', to: '2026-12-05' });
    expect(barOf(task('b', null, '2026-12-05'))).toEqual({ from: '2026-12-05', to: '2026-12-05' });
    expect(barOf(task('c', '2026-12-01', null))).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(barOf(task('d', null, null))).toBeNull();
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
    expect(daysBetween('2027-01-02', '2026-12-30')).toBe(-3);
  });

  it("spans every bar and the start of the plan with a margin, rows in the plan's order", () => {
    const plan: MyPlanDocument = {
      start_date: '2026-12-01',
      sections: [
        { id: 's1', name: 'First', description: '', tasks: [task('a', null, '2026-12-10'), task('b', null, null)] },
        { id: 's2', name: 'Second', description: '', tasks: [task('c', '2026-12-05', '2026-12-20')] },
      ],
    };
    const layout = timelineLayout(plan, '2026-11-27');
    expect(layout.firstDay).toBe('2026-11-29');
    // 1 to 20 December and two days on each side.
    expect(layout.days).toBe(24);
    expect(layout.rows.map((row) => row.id)).toEqual(['s1', 'a', 'b', 's2', 'c']);
  });

  it('shows two weeks from the start, or from today, when nothing has a date', () => {
    const undated: MyPlanDocument = { start_date: null, sections: [] };
    expect(timelineLayout(undated, '2026-11-27')).toEqual({ firstDay: '2026-11-25', days: 16, rows: [] });
  });
});
