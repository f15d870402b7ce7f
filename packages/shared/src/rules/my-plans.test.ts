import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import {
  MY_PLAN_LIMITS,
  MY_PLANS_MESSAGES,
  type MyPlanDocument,
  MyPlanDocumentSchema,
  MyPlanSaveRequestSchema,
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
    expect(copy.sections.reduce((n, s) => n + s.tasks.length, 0)).toBe(MY_PLAN_LIMITS.TASKS);
    expect(copy.sections[0]!.name).toHaveLength(MY_PLAN_LIMITS.NAME);
    expect(copy.sections[0]!.description.startsWith('line 1\nline 2d')).toBe(true);
    expect(copy.sections[0]!.tasks[0]!.name).toBe('Task');
    expect(copy.sections[0]!.tasks[0]!.subtasks[0]!.name).toBe('x y');
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
    expect(issues(planOf([task('same'), task('same')]))).toEqual([MY_PLANS_MESSAGES.DUPLICATE_ID]);
    expect(issues(planOf([task('has space')]))).toHaveLength(1);
    expect(issues(planOf([task('t1', { due_date: '2027-02-30' })]))).toHaveLength(1);
    expect(issues(planOf([task('t1', { start_date: '2027-02-03', due_date: '2027-02-01' })]))).toEqual([
      MY_PLANS_MESSAGES.START_AFTER_DUE,
    ]);
    expect(issues({ ...planOf([]), extra: 1 })).toHaveLength(1);
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
