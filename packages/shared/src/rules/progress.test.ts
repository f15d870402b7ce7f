import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MyPlanProgressState } from '../schemas/my-plans';
import { nextTasks, planTaskStates, progressFigures, type ReportedTask } from './progress';

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
          // No next task: every open task is late (or none is open).
          if (figures.next) expect([figures.next.done, figures.next.late]).toEqual([false, false]);
          else expect(figures.done + figures.late).toBe(figures.total);
        },
      ),
    );
  });
});

describe('nextTasks: the one rule of the "Next" task, for My Plans and the details alike', () => {
  const marked = (name: string, due_on: string | null, state: { done?: boolean; late?: boolean } = {}) => ({
    name,
    due_on,
    done: state.done ?? false,
    late: state.late ?? false,
  });

  it('takes the open tasks that are not late, due first, undated ones last, plan order between equals', () => {
    const tasks = [
      marked('undated', null),
      marked('late', '2026-01-01', { late: true }),
      marked('done', '2026-01-02', { done: true }),
      marked('later', '2026-03-01'),
      marked('soon', '2026-02-01'),
      marked('soon too', '2026-02-01'),
    ];
    expect(nextTasks(tasks, 5).map((t) => t.name)).toEqual(['soon', 'soon too', 'later', 'undated']);
    expect(nextTasks(tasks, 2).map((t) => t.name)).toEqual(['soon', 'soon too']);
    expect(nextTasks([marked('only late', '2026-01-01', { late: true })], 3)).toEqual([]);
  });

  it('names as the list’s next task the first of the details’ next tasks, for any tasks and day', () => {
    const day = fc
      .integer({ min: 0, max: 400 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.string(), section: fc.string(), due_on: fc.option(day), done: fc.boolean() }), {
          maxLength: 40,
        }),
        day,
        fc.integer({ min: 1, max: 10 }),
        (tasks, today, shown) => {
          const figures = progressFigures(tasks, today);
          const listed = nextTasks(figures.tasks, shown);
          expect(figures.next).toEqual(listed[0] ?? null);
          expect(listed.every((t) => !t.done && !t.late)).toBe(true);
        },
      ),
    );
  });
});

describe('planTaskStates: which of the copy’s tasks are done and which are late', () => {
  const sending = (state: MyPlanProgressState, sent_at: string, done: Record<string, boolean>) => ({
    state,
    sent_at,
    tasks: Object.entries(done).map(([task_id, isDone]) => ({ task_id, done: isDone })),
  });
  const tasks = [
    { id: 'a', due_date: '2026-01-01' },
    { id: 'b', due_date: '2026-01-01' },
    { id: 'c', due_date: '2026-02-01' },
    { id: 'd', due_date: null },
  ];

  it('says a task is done as the newest read sending holding it does, late when open and due before today', () => {
    const states = planTaskStates(
      tasks,
      [
        sending('ok', '2026-01-05T10:00:00.000Z', { a: false, c: true }),
        sending('ok', '2026-01-01T10:00:00.000Z', { a: true, b: true }),
      ],
      '2026-01-10',
    );
    expect(Object.fromEntries(states)).toEqual({
      a: { done: false, late: true },
      b: { done: true, late: false },
      c: { done: true, late: false },
      d: { done: false, late: false },
    });
  });

  it('leaves out a sending not read yet and one whose project was deleted, and counts due today as not late', () => {
    const states = planTaskStates(
      tasks,
      [
        sending('waiting', '2026-01-09T10:00:00.000Z', { a: false }),
        sending('gone', '2026-01-08T10:00:00.000Z', { b: true }),
        sending('failed', '2026-01-02T10:00:00.000Z', { a: true }),
      ],
      '2026-02-01',
    );
    expect(states.get('a')).toEqual({ done: true, late: false });
    expect(states.get('b')).toEqual({ done: false, late: true });
    expect(states.get('c')).toEqual({ done: false, late: false });
  });

  it('marks past-due tasks late on a plan never sent', () => {
    expect(planTaskStates(tasks, [], '2026-01-02').get('a')).toEqual({ done: false, late: true });
  });
});
