import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { progressFigures, type ReportedTask } from './progress';

const task = (name: string, due_on: string | null, done = false): ReportedTask => ({
  name,
  section: 'S',
  due_on,
  done,
});

describe('progressFigures', () => {
  it('counts done, total and late, a task due today not yet late', () => {
    const figures = progressFigures(
      [task('a', '2026-01-01', true), task('b', '2026-01-02'), task('c', '2026-01-03'), task('d', null)],
      '2026-01-03',
    );
    expect([figures.done, figures.total, figures.late]).toEqual([1, 4, 1]);
    expect(figures.tasks.map((t) => t.late)).toEqual([false, true, false, false]);
  });

  it('names as next the open task due first, undated ones after dated ones, plan order between equals', () => {
    expect(
      progressFigures([task('x', null), task('y', '2026-02-02'), task('z', '2026-02-01')], '2026-01-01').next?.name,
    ).toBe('z');
    expect(progressFigures([task('x', '2026-02-01'), task('y', '2026-02-01')], '2026-01-01').next?.name).toBe('x');
    expect(progressFigures([task('x', null), task('y', null)], '2026-01-01').next?.name).toBe('x');
    expect(progressFigures([task('x', '2026-01-01', true)], '2026-01-01').next).toBeNull();
    expect(progressFigures([], '2026-01-01')).toMatchObject({ done: 0, total: 0, late: 0, next: null });
  });

  it('keeps done + open = total and never calls a done task late, for any tasks and day', () => {
    const day = fc
      .integer({ min: 0, max: 3000 })
      .map((n) => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.string(), section: fc.string(), due_on: fc.option(day), done: fc.boolean() }), {
          maxLength: 60,
        }),
        day,
        (tasks, today) => {
          const figures = progressFigures(tasks, today);
          expect(figures.total).toBe(tasks.length);
          expect(figures.tasks.filter((t) => !t.done).length + figures.done).toBe(figures.total);
          expect(figures.tasks.every((t) => !(t.done && t.late))).toBe(true);
          if (figures.next) expect(figures.next.done).toBe(false);
          else expect(figures.done).toBe(figures.total);
        },
      ),
    );
  });
});
