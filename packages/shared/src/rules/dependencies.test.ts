import { describe, expect, it } from 'vitest';
import { MY_PLAN_LIMITS, MY_PLANS_MESSAGES, type MyPlanDocument, MyPlanDocumentSchema } from '../schemas/my-plans';
import { circleText, closesCircle, dependencyProblems, waitingOrder } from './dependencies';
import { newTask } from './my-plans';

const task = (id: string, depends_on: string[] = []) => newTask(id, { name: `Task ${id}`, depends_on });
const planOf = (...sections: ReturnType<typeof task>[][]): MyPlanDocument => ({
  start_date: '2027-01-01',
  sections: sections.map((tasks, i) => ({ id: `s${i}`, name: `Section ${i}`, description: '', tasks })),
});
const issues = (value: unknown) => {
  const result = MyPlanDocumentSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => ({ message: i.message, path: i.path }));
};
/** A chain a ← b ← … of `n` tasks, the first waiting on the last when `closed`. */
const chain = (n: number, closed: boolean) =>
  Array.from({ length: n }, (_, i) => task(`t${i}`, i > 0 ? [`t${i - 1}`] : closed ? [`t${n - 1}`] : []));

describe('links between tasks', () => {
  it('takes a plan whose tasks wait on other tasks of it, across sections, and reads old plans as unlinked', () => {
    const plan = planOf([task('a'), task('b', ['a'])], [task('c', ['a', 'b'])]);
    expect(issues(plan)).toEqual([]);
    const { depends_on: _, milestone: __, ...old } = task('x');
    const oldPlan = MyPlanDocumentSchema.parse({
      start_date: null,
      sections: [{ id: 's', name: 'S', description: '', tasks: [old] }],
    });
    expect(oldPlan.sections[0]!.tasks[0]).toMatchObject({ depends_on: [], milestone: false });
  });

  it('refuses a task that waits on itself, on an unknown id, on a section or subtask, or twice on one task', () => {
    const withSubtask = { ...task('d'), subtasks: [{ id: 'sub', name: 'Sub', description: '' }] };
    expect(issues(planOf([task('a', ['a'])]))).toEqual([
      { message: MY_PLANS_MESSAGES.DEPENDENCY_ON_ITSELF, path: ['sections', 0, 'tasks', 0, 'depends_on'] },
    ]);
    expect(issues(planOf([task('a'), task('b', ['a', 'nowhere'])])).map((i) => i.message)).toEqual([
      MY_PLANS_MESSAGES.DEPENDENCY_UNKNOWN,
    ]);
    expect(issues(planOf([task('a', ['s0'])])).map((i) => i.message)).toEqual([MY_PLANS_MESSAGES.DEPENDENCY_UNKNOWN]);
    expect(issues(planOf([withSubtask, task('e', ['sub'])])).map((i) => i.message)).toEqual([
      MY_PLANS_MESSAGES.DEPENDENCY_UNKNOWN,
    ]);
    expect(issues(planOf([task('a'), task('b', ['a', 'a'])])).map((i) => i.message)).toEqual([
      MY_PLANS_MESSAGES.DEPENDENCY_TWICE,
    ]);
    // Not an id at all: the id's own rule, and no task of the plan either.
    expect(issues(planOf([task('a', ['<script>'])])).map((i) => i.message)).toEqual([
      'must be an id of letters, digits, _ or -',
      MY_PLANS_MESSAGES.DEPENDENCY_UNKNOWN,
    ]);
  });

  it('names the tasks of a circle of two, and a circle of fifty by its first five', () => {
    expect(issues(planOf([task('a', ['b']), task('b', ['a'])]))).toEqual([
      {
        message: 'These tasks wait on each other in a circle: “Task a” → “Task b” → “Task a”.',
        path: ['sections', 0, 'tasks', 0, 'depends_on'],
      },
    ]);
    const long = issues(planOf(chain(50, true)));
    expect(long.map((i) => i.message)).toEqual([
      MY_PLANS_MESSAGES.DEPENDENCY_CIRCLE(
        '“Task t0” → “Task t49” → “Task t48” → “Task t47” → “Task t46” → … 45 more → “Task t0”',
      ),
    ]);
    // The same chain, open: no circle.
    expect(issues(planOf(chain(50, false)))).toEqual([]);
    // A circle behind a long open chain, and tasks that wait on a circle without being in it.
    const tail = [...chain(200, false), task('x', ['y', 't199']), task('y', ['x']), task('z', ['x'])];
    const found = dependencyProblems(planOf(tail), MY_PLAN_LIMITS.DEPENDENCIES);
    expect(found).toEqual([
      { kind: 'circle', path: ['sections', 0, 'tasks', 200, 'depends_on'], names: ['Task x', 'Task y'] },
    ]);
  });

  it('holds a plan to 300 links in all and a task to 30, before walking any of them', () => {
    const hub = Array.from({ length: 11 }, (_, i) => task(`h${i}`));
    const waiting = Array.from({ length: 11 }, (_, i) =>
      task(`w${i}`, hub.map((h) => h.id).concat(Array.from({ length: 17 }, (_, k) => `w${(i + k + 1) % 11}x`))),
    );
    // 11 × 28 = 308 links: over the plan's total, whatever they name.
    expect(issues(planOf(hub, waiting))).toEqual([
      { message: MY_PLANS_MESSAGES.TOO_MANY_DEPENDENCIES, path: ['sections'] },
    ]);
    const exactly = Array.from({ length: 10 }, (_, i) =>
      task(
        `v${i}`,
        hub.slice(0, 10).map((h) => h.id),
      ),
    );
    const plus = Array.from({ length: 20 }, (_, i) =>
      task(
        `u${i}`,
        hub.slice(0, 10).map((h) => h.id),
      ),
    );
    expect(issues(planOf(hub, exactly, plus))).toEqual([]);
    expect(issues(planOf(hub, exactly, plus, [task('one-more', ['h0'])])).map((i) => i.message)).toEqual([
      MY_PLANS_MESSAGES.TOO_MANY_DEPENDENCIES,
    ]);
    const many = Array.from({ length: 31 }, (_, i) => task(`m${i}`));
    expect(
      issues(
        planOf([
          ...many,
          task(
            'greedy',
            many.map((m) => m.id),
          ),
        ]),
      ).map((i) => i.message),
    ).toEqual([MY_PLANS_MESSAGES.TOO_MANY_DEPENDENCIES_OF_TASK]);
  });

  it('refuses a plan whose tasks share an id, whatever they wait on', () => {
    const messages = issues(planOf([task('a'), task('a', ['a'])])).map((i) => i.message);
    expect(messages).toContain(MY_PLANS_MESSAGES.DUPLICATE_ID);
  });

  it('tells whether a new link would close a circle, and orders tasks after those they wait on', () => {
    const tasks = [task('a', ['c']), task('b', ['a']), task('c'), task('d', ['b', 'c'])];
    expect(closesCircle(tasks, 'c', 'd')).toBe(true);
    expect(closesCircle(tasks, 'c', 'a')).toBe(true);
    expect(closesCircle(tasks, 'a', 'a')).toBe(true);
    expect(closesCircle(tasks, 'd', 'a')).toBe(false);
    expect(closesCircle(tasks, 'b', 'c')).toBe(false);
    expect(waitingOrder(tasks)).toEqual(['c', 'a', 'b', 'd']);
    // A circle has no order: its tasks come last, each once.
    expect(waitingOrder([task('x', ['y']), task('y', ['x']), task('z')])).toEqual(['z', 'x', 'y']);
    expect(circleText(['A'])).toBe('“A” → “A”');
  });
});
