import { newTask } from '@dpp/shared/rules/my-plans';
import { MY_PLAN_LIMITS, MY_PLANS_MESSAGES, MyPlanDocumentSchema, planCharacters } from '@dpp/shared/schemas/my-plans';
import { describe, expect, it } from 'vitest';
import {
  dependencyRefusal,
  type EditorDocument,
  newItemId,
  type PlanChange,
  planOps,
  planSubtaskRefusal,
  replayChanges,
  sectionRefusal,
  skippedText,
  stepSection,
  stepTask,
  subtaskRefusal,
  taskRefusal,
} from './plan-document';

const task = (id: string, extra: Partial<EditorDocument['plan']['sections'][0]['tasks'][0]> = {}) =>
  newTask(id, { name: id, ...extra });

const doc: EditorDocument = {
  name: 'Launch',
  plan: {
    start_date: '2027-01-01',
    sections: [
      { id: 's1', name: 'One', description: '', tasks: [task('a', { due_date: '2027-01-05' }), task('b')] },
      { id: 's2', name: 'Two', description: '', tasks: [task('c')] },
    ],
  },
};

const shape = (d: EditorDocument) => d.plan.sections.map((s) => [s.id, s.tasks.map((t) => t.id)]);

describe('plan editor operations', () => {
  it('moves a task within its section, to another section, and past a section edge by step', () => {
    expect(shape(planOps.moveTask(doc, 'a', 's1', 1))).toEqual([
      ['s1', ['b', 'a']],
      ['s2', ['c']],
    ]);
    expect(shape(planOps.moveTask(doc, 'c', 's1', 0))).toEqual([
      ['s1', ['c', 'a', 'b']],
      ['s2', []],
    ]);
    expect(shape(stepTask(doc, 'b', 1))).toEqual([
      ['s1', ['a']],
      ['s2', ['b', 'c']],
    ]);
    expect(shape(stepTask(doc, 'c', -1))).toEqual([
      ['s1', ['a', 'b', 'c']],
      ['s2', []],
    ]);
    // The first task of the plan goes no further up.
    expect(stepTask(doc, 'a', -1)).toBe(doc);
  });

  it('moves sections, and leaves the document it was given as it was', () => {
    const before = structuredClone(doc);
    expect(shape(stepSection(doc, 's2', -1)).map(([id]) => id)).toEqual(['s2', 's1']);
    expect(stepSection(doc, 's1', -1)).toBe(doc);
    expect(doc).toEqual(before);
  });

  it('adds and deletes items with ids the server takes, and stops at the limits', () => {
    const added = planOps.addSubtask(planOps.addTask(planOps.addSection(doc, 'new-s'), 'new-s', 'new-t'), 'new-t');
    expect(MyPlanDocumentSchema.safeParse(added.plan).success).toBe(true);
    expect(added.plan.sections[2]!.tasks[0]!.subtasks).toHaveLength(1);
    expect(shape(planOps.deleteSection(planOps.deleteTask(doc, 'a'), 's2'))).toEqual([['s1', ['b']]]);
    expect(newItemId()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

    let full = doc;
    for (let i = 0; i < MY_PLAN_LIMITS.SECTIONS + 2; i++) full = planOps.addSection(full);
    expect(full.plan.sections).toHaveLength(MY_PLAN_LIMITS.SECTIONS);
    expect(sectionRefusal(full)).toBe(MY_PLANS_MESSAGES.TOO_MANY_SECTIONS);
  });

  it('refuses Add task and Add subtask past each limit, saying which, and changes nothing', () => {
    let many = doc;
    for (let i = 0; i < MY_PLAN_LIMITS.TASKS + 2; i++) many = planOps.addTask(many, 's2', `t${i}`);
    expect(many.plan.sections.flatMap((s) => s.tasks)).toHaveLength(MY_PLAN_LIMITS.TASKS);
    expect(taskRefusal(many)).toBe(MY_PLANS_MESSAGES.TOO_MANY_TASKS);
    expect(planOps.addTask(many, 's1')).toBe(many);

    let crowded = doc;
    for (let i = 0; i < MY_PLAN_LIMITS.SUBTASKS_PER_TASK + 2; i++) crowded = planOps.addSubtask(crowded, 'a', `a${i}`);
    const a = crowded.plan.sections[0]!.tasks[0]!;
    expect(a.subtasks).toHaveLength(MY_PLAN_LIMITS.SUBTASKS_PER_TASK);
    expect(subtaskRefusal(a, planSubtaskRefusal(crowded))).toBe(MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS);
    // Another task of the same plan still takes one.
    expect(subtaskRefusal(crowded.plan.sections[0]!.tasks[1]!, planSubtaskRefusal(crowded))).toBeUndefined();

    // The plan's subtasks all together: every task may be below its own limit.
    let plenty = many;
    const taskIds = plenty.plan.sections.flatMap((s) => s.tasks.map((t) => t.id));
    for (const [i, id] of taskIds.entries()) {
      for (let k = 0; k < 4; k++) plenty = planOps.addSubtask(plenty, id, `${id}-${k}-${i}`);
    }
    expect(plenty.plan.sections.flatMap((s) => s.tasks.flatMap((t) => t.subtasks))).toHaveLength(
      MY_PLAN_LIMITS.SUBTASKS,
    );
    expect(planSubtaskRefusal(plenty)).toBe(MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS_IN_PLAN);
    expect(MyPlanDocumentSchema.safeParse(plenty.plan).success).toBe(true);
  });

  it("refuses new items once the plan's text is at its limit, and the schema says the same past it", () => {
    const tasks = Array.from({ length: MY_PLAN_LIMITS.CHARACTERS / MY_PLAN_LIMITS.DESCRIPTION }, (_, i) =>
      newTask(`w${i}`, { name: 'W', description: 'd'.repeat(MY_PLAN_LIMITS.DESCRIPTION) }),
    );
    const full: EditorDocument = {
      name: 'Wordy',
      plan: { start_date: null, sections: [{ id: 's', name: 'S', description: '', tasks }] },
    };
    // Exactly at the limit: the last description gives back what the names take.
    const last = tasks.at(-1)!;
    last.description = last.description.slice(planCharacters(full.plan) - MY_PLAN_LIMITS.CHARACTERS);
    expect(planCharacters(full.plan)).toBe(MY_PLAN_LIMITS.CHARACTERS);
    expect(MyPlanDocumentSchema.safeParse(full.plan).success).toBe(true);
    expect(taskRefusal(full)).toBe(MY_PLANS_MESSAGES.TOO_MUCH_TEXT);
    expect(sectionRefusal(full)).toBe(MY_PLANS_MESSAGES.TOO_MUCH_TEXT);
    expect(subtaskRefusal(tasks[0]!, planSubtaskRefusal(full))).toBe(MY_PLANS_MESSAGES.TOO_MUCH_TEXT);
    expect(planOps.addTask(full, 's')).toBe(full);
    const over = planOps.updateSection(full, 's', { name: 'SS' });
    const check = MyPlanDocumentSchema.safeParse(over.plan);
    expect(check.error?.issues.map((i) => i.message)).toEqual([MY_PLANS_MESSAGES.TOO_MUCH_TEXT]);
  });

  it('moves every task date with a new start date', () => {
    const moved = planOps.setStartDate(doc, '2027-01-11');
    expect(moved.plan.start_date).toBe('2027-01-11');
    expect(moved.plan.sections[0]!.tasks[0]!.due_date).toBe('2027-01-15');
    expect(moved.plan.sections[0]!.tasks[1]!.due_date).toBeNull();
    expect(planOps.setStartDate(doc, null).plan.sections[0]!.tasks[0]!.due_date).toBe('2027-01-05');
  });
});

describe('making changes again on a newer copy', () => {
  const rename = (id: string, name: string, was: string): PlanChange => ({
    apply: (d) => planOps.updateTask(d, id, { name }),
    target: { kind: 'task', id, name: was },
  });

  it('makes each change in order, leaves out those whose item is gone, and names them', () => {
    const latest = planOps.deleteTask(planOps.updateTask(doc, 'a', { name: 'Theirs' }), 'c');
    const moveB: PlanChange = {
      apply: (d) => stepTask(d, 'b', -1),
      target: { kind: 'task', id: 'b', name: 'b' },
    };
    const addSection: PlanChange = { apply: (d) => planOps.addSection(d, 'mine') };
    const changes = [rename('b', 'Mine', 'b'), rename('c', 'Gone', 'c'), moveB, addSection];
    const { doc: replayed, applied, skipped } = replayChanges(latest, changes);
    expect(shape(replayed)).toEqual([
      ['s1', ['b', 'a']],
      ['s2', []],
      ['mine', []],
    ]);
    expect(replayed.plan.sections[0]!.tasks.map((t) => t.name)).toEqual(['Mine', 'Theirs']);
    expect(applied).toEqual([changes[0], moveB, addSection]);
    expect(skipped).toEqual(['c']);
    // The copy it was given stays as it was.
    expect(latest.plan.sections[0]!.tasks.map((t) => t.name)).toEqual(['Theirs', 'b']);
  });

  it('answers the latest copy itself when nothing is left to make again', () => {
    const latest = planOps.deleteTask(doc, 'c');
    expect(replayChanges(latest, [rename('c', 'Gone', 'c')]).doc).toBe(latest);
  });

  it('names what it left out in a sentence', () => {
    expect(skippedText(['Book a venue'])).toBe(
      'Your change to “Book a venue” could not be kept: it was deleted in another tab or window.',
    );
    expect(skippedText(['A', 'B', 'C'])).toBe(
      'Your changes to “A”, “B” and “C” could not be kept: they were deleted in another tab or window.',
    );
  });
});

describe('links between tasks in the editor', () => {
  const linked: EditorDocument = {
    name: 'Bakery',
    plan: {
      start_date: '2027-01-01',
      sections: [
        {
          id: 's1',
          name: 'One',
          description: '',
          tasks: [
            task('a', { start_date: '2027-01-01', due_date: '2027-01-05' }),
            task('b', { start_date: '2027-01-03', due_date: '2027-01-04', depends_on: ['a'] }),
          ],
        },
        {
          id: 's2',
          name: 'Two',
          description: '',
          tasks: [
            task('c', { due_date: '2027-01-04', depends_on: ['b'], milestone: true }),
            task('d', { start_date: '2027-02-01', due_date: '2027-02-03', depends_on: ['a'] }),
            task('e', { depends_on: ['c'] }),
          ],
        },
      ],
    },
  };
  const links = (d: EditorDocument) =>
    Object.fromEntries(d.plan.sections.flatMap((s) => s.tasks.map((t) => [t.id, t.depends_on])));

  it('unlinks a deleted task, and the tasks of a deleted section, so the plan still saves', () => {
    const withoutA = planOps.deleteTask(linked, 'a');
    expect(links(withoutA)).toEqual({ b: [], c: ['b'], d: [], e: ['c'] });
    expect(MyPlanDocumentSchema.safeParse(withoutA.plan).success).toBe(true);
    const withoutOne = planOps.deleteSection(linked, 's1');
    expect(links(withoutOne)).toEqual({ c: [], d: [], e: ['c'] });
    expect(MyPlanDocumentSchema.safeParse(withoutOne.plan).success).toBe(true);
    // Nothing waited on it: the same document back.
    expect(planOps.deleteTask(linked, 'e').plan.sections[1]!.tasks[0]).toBe(linked.plan.sections[1]!.tasks[0]);
  });

  it('adds a link only where the plan would still save, and says why not', () => {
    expect(links(planOps.addDependency(linked, 'd', 'b')).d).toEqual(['a', 'b']);
    expect(dependencyRefusal(linked, 'a', 'a')).toBe(MY_PLANS_MESSAGES.DEPENDENCY_ON_ITSELF);
    expect(dependencyRefusal(linked, 'a', 'e')).toBe(MY_PLANS_MESSAGES.DEPENDENCY_WOULD_CIRCLE);
    expect(dependencyRefusal(linked, 'b', 'a')).toBe(MY_PLANS_MESSAGES.DEPENDENCY_TWICE);
    expect(dependencyRefusal(linked, 'b', 's1')).toBe(MY_PLANS_MESSAGES.DEPENDENCY_UNKNOWN);
    for (const [on, id] of [
      ['e', 'a'],
      ['a', 'a'],
      ['a', 'b'],
      ['s1', 'b'],
    ]) {
      expect(planOps.addDependency(linked, id!, on!)).toBe(linked);
    }
    expect(links(planOps.removeDependency(linked, 'd', 'a')).d).toEqual([]);
    const full = Array.from({ length: MY_PLAN_LIMITS.DEPENDENCIES_PER_TASK + 1 }, (_, i) => task(`x${i}`));
    const crowded: EditorDocument = {
      ...linked,
      plan: {
        ...linked.plan,
        sections: [
          {
            id: 's9',
            name: 'Many',
            description: '',
            tasks: [...full, task('y', { depends_on: full.slice(1).map((t) => t.id) })],
          },
        ],
      },
    };
    expect(dependencyRefusal(crowded, 'y', 'x0')).toBe(MY_PLANS_MESSAGES.TOO_MANY_DEPENDENCIES_OF_TASK);
  });

  it('moves every task that starts before what it waits on is due to the day after, and their dependants as far as needed', () => {
    const moved = planOps.moveWaitingLater(linked);
    const dates = (d: EditorDocument) =>
      Object.fromEntries(d.plan.sections.flatMap((s) => s.tasks.map((t) => [t.id, [t.start_date, t.due_date]])));
    expect(dates(moved)).toEqual({
      a: ['2027-01-01', '2027-01-05'],
      // Two days long, now from the day after a is due.
      b: ['2027-01-06', '2027-01-07'],
      // A milestone on its due day only, the day after b.
      c: [null, '2027-01-08'],
      // Already after a: not moved.
      d: ['2027-02-01', '2027-02-03'],
      e: [null, null],
    });
    expect(moved.plan.sections[1]!.tasks[1]).toBe(linked.plan.sections[1]!.tasks[1]);
    // Nothing left to move: the same document.
    expect(planOps.moveWaitingLater(moved)).toBe(moved);
  });
});
