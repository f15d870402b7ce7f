import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import {
  countSubtasks,
  countTasks,
  MY_PLAN_LIMITS,
  MY_PLANS_MESSAGES,
  type MyPlanDocument,
  MyPlanDocumentSchema,
  MyPlanSaveRequestSchema,
  planCharacters,
  planSizeProblem,
  StoredMyPlanDocumentSchema,
} from '../schemas/my-plans';
import { addDays, copyOfPlan, MY_PLANS_TRIAL_LIMIT, myPlansLimit, newTask } from './my-plans';

const counter = () => {
  let n = 0;
  return () => `i${++n}`;
};

const task = (id: string, extra: Partial<MyPlanDocument['sections'][number]['tasks'][number]> = {}) =>
  newTask(id, { name: `Task ${id}`, ...extra });
const planOf = (tasks: ReturnType<typeof task>[]): MyPlanDocument => ({
  start_date: '2027-01-01',
  sections: [{ id: 's1', name: 'Section', description: '', tasks }],
});
const issues = (value: unknown) => {
  const result = MyPlanDocumentSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('copyOfPlan', () => {
  const template = {
    sections: [
      {
        name: 'Launch',
        description: 'Get it out',
        tasks: [
          { name: 'Plan', description: 'd', due_in_days: 0, subtasks: [{ name: 'Draft', description: '' }] },
          { name: 'Ship', description: '', due_in_days: 45, subtasks: [] },
        ],
      },
    ],
  };

  it('turns days after the start into dates, across months and years, and gives every item its own id', () => {
    const copy = copyOfPlan(template, '2026-12-20', counter());
    expect(copy.start_date).toBe('2026-12-20');
    expect(copy.sections[0]!.tasks.map((t) => t.due_date)).toEqual(['2026-12-20', '2027-02-03']);
    expect(copy.sections[0]!.tasks[0]!.subtasks[0]).toEqual({ id: 'i3', name: 'Draft', description: '' });
    expect(copy.sections.map((s) => s.id)).toEqual(['i1']);
    expect(MyPlanDocumentSchema.parse(copy)).toEqual(copy);
  });

  it('brings a source beyond the limits within them, so an unchanged copy always saves', () => {
    const huge = {
      sections: Array.from({ length: MY_PLAN_LIMITS.SECTIONS + 5 }, () => ({
        name: `A\u0007${'n'.repeat(400)}`,
        description: `line 1\nline 2\u0000${'d'.repeat(6000)}`,
        tasks: Array.from({ length: 30 }, () => ({
          name: '   ',
          description: '',
          due_in_days: 3,
          subtasks: Array.from({ length: 60 }, () => ({ name: 'x\ny', description: '' })),
        })),
      })),
    };
    const copy = copyOfPlan(huge, '2027-03-01', counter());
    expect(copy.sections).toHaveLength(MY_PLAN_LIMITS.SECTIONS);
    expect(countTasks(copy)).toBe(MY_PLAN_LIMITS.TASKS);
    expect(countSubtasks(copy)).toBe(MY_PLAN_LIMITS.SUBTASKS);
    const perTask = copy.sections.flatMap((s) => s.tasks.map((t) => t.subtasks.length));
    expect(Math.max(...perTask)).toBe(MY_PLAN_LIMITS.SUBTASKS_PER_TASK);
    expect(copy.sections[0]!.name).toHaveLength(MY_PLAN_LIMITS.NAME);
    expect(copy.sections[0]!.description.startsWith('line 1\nline 2d')).toBe(true);
    expect(copy.sections[0]!.tasks[0]!.name).toBe('Task');
    expect(copy.sections[0]!.tasks[0]!.subtasks[0]!.name).toBe('x y');
    expect(MyPlanDocumentSchema.safeParse(copy).success).toBe(true);
  });

  it("keeps a source's text within the plan's characters, leaving out what comes after in plan order", () => {
    const wordy = {
      sections: Array.from({ length: 3 }, (_, s) => ({
        name: `Section ${s}`,
        description: 'd'.repeat(MY_PLAN_LIMITS.DESCRIPTION),
        tasks: Array.from({ length: 100 }, (_, t) => ({
          name: `Task ${s}.${t}`,
          description: 't'.repeat(MY_PLAN_LIMITS.DESCRIPTION),
          due_in_days: t,
          subtasks: [{ name: 'Sub', description: 's'.repeat(1_000) }],
        })),
      })),
    };
    const copy = copyOfPlan(wordy, '2027-03-01', counter());
    expect(planCharacters(copy)).toBeLessThanOrEqual(MY_PLAN_LIMITS.CHARACTERS);
    expect(planCharacters(copy)).toBeGreaterThan(MY_PLAN_LIMITS.CHARACTERS - MY_PLAN_LIMITS.DESCRIPTION);
    // The first tasks are whole; the plan ends where the characters do.
    expect(copy.sections[0]!.tasks[0]!.description).toHaveLength(MY_PLAN_LIMITS.DESCRIPTION);
    expect(countTasks(copy)).toBeLessThan(300);
    expect(MyPlanDocumentSchema.safeParse(copy).success).toBe(true);
  });

  it('adds days in UTC', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
  });
});

describe('the plan document', () => {
  it('accepts a full plan with dates, owners and priorities', () => {
    const plan = planOf([
      task('t1', { start_date: '2027-01-02', due_date: '2027-01-05', owner: 'Ana', priority: 'high' }),
    ]);
    expect(issues(plan)).toEqual([]);
  });

  it('refuses control characters and NUL with the text message, in names, owners and descriptions', () => {
    expect(issues(planOf([task('t1', { name: 'a\u0000b' })]))).toContain(MESSAGES.UNSTORABLE_TEXT);
    expect(issues(planOf([task('t1', { name: 'two\nlines' })]))).toContain(MESSAGES.UNSTORABLE_TEXT);
    expect(issues(planOf([task('t1', { owner: 'bell\u0007' })]))).toContain(MESSAGES.UNSTORABLE_TEXT);
    expect(issues(planOf([task('t1', { description: 'esc\u001b[0m' })]))).toContain(MESSAGES.UNSTORABLE_TEXT);
    // Line breaks and tabs are text in a description.
    expect(issues(planOf([task('t1', { description: 'a\r\n\tb' })]))).toEqual([]);
  });

  it('refuses overlong text, too many items, duplicate ids, bad ids and impossible dates', () => {
    expect(issues(planOf([task('t1', { name: 'n'.repeat(MY_PLAN_LIMITS.NAME + 1) })]))).toHaveLength(1);
    expect(issues(planOf([task('t1', { owner: 'o'.repeat(MY_PLAN_LIMITS.OWNER + 1) })]))).toHaveLength(1);
    const many = Array.from({ length: 2 }, (_, s) => ({
      id: `s${s}`,
      name: 'S',
      description: '',
      tasks: Array.from({ length: MY_PLAN_LIMITS.TASKS / 2 + 1 }, (_, t) => task(`s${s}t${t}`)),
    }));
    expect(issues({ start_date: null, sections: many })).toEqual([MY_PLANS_MESSAGES.TOO_MANY_TASKS]);
    const subtasks = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `st${i}`, name: 'S', description: '' }));
    expect(issues(planOf([task('t1', { subtasks: subtasks(MY_PLAN_LIMITS.SUBTASKS_PER_TASK + 1) })]))).toEqual([
      MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS,
    ]);
    expect(issues(planOf([task('same'), task('same')]))).toEqual([MY_PLANS_MESSAGES.DUPLICATE_ID]);
    expect(issues(planOf([task('has space')]))).toHaveLength(1);
    expect(issues(planOf([task('t1', { due_date: '2027-02-30' })]))).toHaveLength(1);
    expect(issues(planOf([task('t1', { start_date: '2027-02-03', due_date: '2027-02-01' })]))).toEqual([
      MY_PLANS_MESSAGES.START_AFTER_DUE,
    ]);
    expect(issues({ ...planOf([]), extra: 1 })).toHaveLength(1);
  });

  it('refuses more subtasks or more text in the whole plan than a plan holds, each with its sentence', () => {
    const perTask = MY_PLAN_LIMITS.SUBTASKS_PER_TASK;
    const crowded = Array.from({ length: MY_PLAN_LIMITS.SUBTASKS / perTask + 1 }, (_, t) =>
      task(`t${t}`, {
        subtasks: Array.from({ length: perTask }, (_, i) => ({ id: `t${t}s${i}`, name: 'S', description: '' })),
      }),
    );
    expect(issues(planOf(crowded))).toEqual([MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS_IN_PLAN]);
    expect(issues(planOf(crowded.slice(1)))).toEqual([]);

    const wordy = (characters: number) => {
      const descriptions = Math.ceil(characters / MY_PLAN_LIMITS.DESCRIPTION);
      const tasks = Array.from({ length: descriptions }, (_, t) =>
        task(`w${t}`, { name: 'W', description: 'd'.repeat(MY_PLAN_LIMITS.DESCRIPTION) }),
      );
      // Exactly `characters` with the section's name ('Section', 7) and each task's name ('W', 1).
      const plan = planOf(tasks);
      const over = planCharacters(plan) - characters;
      const last = tasks.at(-1)!;
      last.description = last.description.slice(0, last.description.length - over);
      return plan;
    };
    expect(planCharacters(wordy(MY_PLAN_LIMITS.CHARACTERS))).toBe(MY_PLAN_LIMITS.CHARACTERS);
    expect(issues(wordy(MY_PLAN_LIMITS.CHARACTERS))).toEqual([]);
    expect(issues(wordy(MY_PLAN_LIMITS.CHARACTERS + 1))).toEqual([MY_PLANS_MESSAGES.TOO_MUCH_TEXT]);
    expect(MY_PLANS_MESSAGES.TOO_MUCH_TEXT).toContain('250,000 characters');
  });

  it('takes dates from 1 January 2000 to 31 December 2100 only, each refusal with its sentence', () => {
    expect(issues(planOf([task('t1', { start_date: '2000-01-01', due_date: '2100-12-31' })]))).toEqual([]);
    for (const day of ['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      expect(issues(planOf([task('t1', { due_date: day })])), day).toEqual([MESSAGES.DAY_OUT_OF_RANGE]);
      expect(issues({ ...planOf([]), start_date: day }), day).toEqual([MESSAGES.DAY_OUT_OF_RANGE]);
    }
    for (const day of ['+010000-01-01', '-0001-01-01', '2027-02-30', '2027-2-1', '294277-01-01']) {
      expect(issues(planOf([task('t1', { due_date: day })])), day).toEqual([MESSAGES.BAD_DAY]);
    }
  });

  it('reads a stored copy back whatever limits it was saved under, and names the first one it exceeds', () => {
    const old = planOf(Array.from({ length: MY_PLAN_LIMITS.TASKS + 1 }, (_, t) => task(`t${t}`)));
    old.sections[0]!.tasks[0]!.due_date = '+010000-01';
    expect(StoredMyPlanDocumentSchema.safeParse(old).success).toBe(true);
    expect(MyPlanDocumentSchema.safeParse(old).success).toBe(false);
    expect(planSizeProblem(old)).toBe(MY_PLANS_MESSAGES.TOO_MANY_TASKS);
    expect(planSizeProblem(planOf([task('t1')]))).toBeUndefined();
  });

  it('needs a version and a name to save', () => {
    expect(MyPlanSaveRequestSchema.safeParse({ name: 'P', plan: planOf([]) }).success).toBe(false);
    expect(MyPlanSaveRequestSchema.safeParse({ version: 1, name: ' ', plan: planOf([]) }).success).toBe(false);
    expect(MyPlanSaveRequestSchema.safeParse({ version: 1, name: 'P', plan: planOf([]) }).success).toBe(true);
  });
});

describe('myPlansLimit', () => {
  it("is the membership plan's number, a trial at most the trial's", () => {
    expect(myPlansLimit(3, false)).toBe(3);
    expect(myPlansLimit(null, false)).toBeNull();
    expect(myPlansLimit(100, true)).toBe(MY_PLANS_TRIAL_LIMIT);
    expect(myPlansLimit(null, true)).toBe(MY_PLANS_TRIAL_LIMIT);
    expect(myPlansLimit(3, true)).toBe(3);
  });
});
