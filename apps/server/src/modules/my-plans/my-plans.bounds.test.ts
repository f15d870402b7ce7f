import {
  addDays,
  countSubtasks,
  countTasks,
  MESSAGES,
  MY_PLAN_LIMITS,
  MY_PLANS_MESSAGES,
  type MyPlan,
  type MyPlanDocument,
  MyPlanDocumentSchema,
  newTask,
  planCharacters,
} from '@dpp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInMember, type TestContext } from '../../../test/helpers';
import { aiPlans } from '../planner/planner.tables';
import { projectPlans } from '../templates/templates.tables';
import { memberPlans } from './my-plans.tables';

/** What a plan may hold: the days its dates fall on, and its size. */

const FREE = 'project-planning-made-easy-with-5-simple-principles';

let ctx: TestContext;
let freeId: number;
/** The days after the start that the free template's last task is due. */
let lastDueInDays: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  const [free] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, FREE));
  freeId = free!.id;
  lastDueInDays = Math.max(...free!.plan.sections.flatMap((s) => s.tasks.map((t) => t.due_in_days)));
});
afterAll(() => ctx.close());

type Auth = Record<string, string>;
interface Refusal {
  code: string;
  message: string;
  details?: { field: string; message: string }[];
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth, ...(payload && { payload }) });

const takeFrom = (auth: Auth, start_date: string) =>
  inject('POST', '/api/my-plans', auth, { source: 'template', templateId: freeId, start_date });

const storedRows = (clientId: number) =>
  ctx.app.db.select().from(memberPlans).where(eq(memberPlans.clientId, clientId));

/** Every sentence a refusal gives: its message and each field's. */
const sentencesOf = (error: Refusal) => [error.message, ...(error.details ?? []).map((d) => d.message)];

/** Days at and past the edges of what PostgreSQL and JavaScript store, and days that do not exist. */
const OUTSIDE = ['9999-12-31', '0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01'];

describe('the dates of a copy', () => {
  it('refuse a start date outside the days a plan may have, with a clear message, and store nothing', async () => {
    const hal = await signedInMember(ctx.app, 'hal-start@example.com');
    for (const start of OUTSIDE) {
      const res = await takeFrom(hal.auth, start);
      expect([start, res.statusCode], res.body.slice(0, 300)).toEqual([start, 400]);
      const error = res.json().error as Refusal;
      expect(error.details).toContainEqual({ field: 'body.start_date', message: MESSAGES.DAY_OUT_OF_RANGE });
    }
    for (const start of ['2027-02-30', '2027-2-1', '+10000-01-01']) {
      expect((await takeFrom(hal.auth, start)).statusCode, start).toBe(400);
    }
    expect(await storedRows(hal.clientId)).toEqual([]);
    const list = await inject('GET', '/api/my-plans', hal.auth);
    expect([list.statusCode, list.json().plans]).toEqual([200, []]);
  });

  it('refuse a start date that puts a task past the last day, and store nothing', async () => {
    const ida = await signedInMember(ctx.app, 'ida-late-start@example.com');
    // In range itself, but the template's last task falls due after 31 December 2100.
    const res = await takeFrom(ida.auth, addDays('2100-12-31', 1 - lastDueInDays));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(sentencesOf(res.json().error)).toContain(MY_PLANS_MESSAGES.START_TOO_LATE);
    expect(await storedRows(ida.clientId)).toEqual([]);
    // The last start that keeps every task within the range is taken, and opens.
    const last = await takeFrom(ida.auth, addDays('2100-12-31', -lastDueInDays));
    expect(last.statusCode, last.body).toBe(201);
    const copy = last.json() as MyPlan;
    expect((await inject('GET', `/api/my-plans/${copy.id}`, ida.auth)).statusCode).toBe(200);
  });

  it('refuse a save with a date outside the days a plan may have, and keep the stored copy', async () => {
    const joy = await signedInMember(ctx.app, 'joy-dates@example.com');
    const copy = (await takeFrom(joy.auth, '2027-03-01')).json() as MyPlan;
    const withDates = (
      task: Partial<Pick<MyPlanDocument['sections'][number]['tasks'][number], 'start_date' | 'due_date'>>,
      start: string | null = copy.plan.start_date,
    ): MyPlanDocument => {
      const plan = structuredClone(copy.plan);
      plan.start_date = start;
      Object.assign(plan.sections[0]!.tasks[0]!, task);
      return plan;
    };
    const plans: [string, MyPlanDocument][] = [
      ...OUTSIDE.map((day): [string, MyPlanDocument] => [`due ${day}`, withDates({ due_date: day })]),
      ['start 0000-01-01', withDates({ start_date: '0000-01-01' })],
      ['the plan starting 9999-12-31', withDates({}, '9999-12-31')],
      ['a day that does not exist', withDates({ due_date: '2027-02-30' })],
    ];
    for (const [what, plan] of plans) {
      const res = await inject('PUT', `/api/my-plans/${copy.id}`, joy.auth, { version: 1, name: 'x', plan });
      expect([what, res.statusCode], res.body.slice(0, 300)).toEqual([what, 400]);
    }
    const refused = await inject('PUT', `/api/my-plans/${copy.id}`, joy.auth, {
      version: 1,
      name: 'x',
      plan: withDates({ due_date: '9999-12-31' }),
    });
    expect(sentencesOf(refused.json().error)).toContain(MESSAGES.DAY_OUT_OF_RANGE);
    const [row] = await storedRows(joy.clientId);
    expect(row).toMatchObject({ version: 1, plan: copy.plan });
    expect((await inject('GET', `/api/my-plans/${copy.id}`, joy.auth)).statusCode).toBe(200);
  });
});

describe('the links between tasks of a copy', () => {
  it('saves tasks that wait on others and milestones, reads a copy saved before them as unlinked, and refuses circles', async () => {
    const kit = await signedInMember(ctx.app, 'kit-links@example.com');
    const copy = (await takeFrom(kit.auth, '2027-03-01')).json() as MyPlan;
    // Taken before links existed: every task waits on nothing and is no milestone.
    expect(copy.plan.sections.flatMap((s) => s.tasks).every((t) => t.depends_on.length === 0 && !t.milestone)).toBe(
      true,
    );
    const [a, b, c] = copy.plan.sections.flatMap((s) => s.tasks);
    const linked = structuredClone(copy.plan);
    const tasks = linked.sections.flatMap((s) => s.tasks);
    tasks[1]!.depends_on = [a!.id];
    tasks[2]!.depends_on = [a!.id, b!.id];
    tasks[2]!.milestone = true;
    const saved = await inject('PUT', `/api/my-plans/${copy.id}`, kit.auth, {
      version: 1,
      name: 'Linked',
      plan: linked,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await inject('GET', `/api/my-plans/${copy.id}`, kit.auth)).json() as MyPlan;
    expect(read.plan.sections.flatMap((s) => s.tasks).slice(0, 3)).toMatchObject([
      { depends_on: [], milestone: false },
      { depends_on: [a!.id], milestone: false },
      { id: c!.id, depends_on: [a!.id, b!.id], milestone: true },
    ]);

    // A stored document written before the fields existed still opens.
    const [row] = await storedRows(kit.clientId);
    const bare = structuredClone(row!.plan) as { sections: { tasks: Record<string, unknown>[] }[] };
    for (const task of bare.sections.flatMap((s) => s.tasks)) {
      delete task.depends_on;
      delete task.milestone;
    }
    await ctx.app.db
      .update(memberPlans)
      .set({ plan: bare as never })
      .where(eq(memberPlans.id, copy.id));
    const old = await inject('GET', `/api/my-plans/${copy.id}`, kit.auth);
    expect(old.statusCode).toBe(200);
    expect((old.json() as MyPlan).plan.sections[0]!.tasks[0]).toMatchObject({ depends_on: [], milestone: false });

    const circle = structuredClone(linked);
    circle.sections.flatMap((s) => s.tasks)[0]!.depends_on = [c!.id];
    const refused = await inject('PUT', `/api/my-plans/${copy.id}`, kit.auth, { version: 2, name: 'x', plan: circle });
    expect(refused.statusCode).toBe(400);
    expect(sentencesOf(refused.json().error)).toContainEqual(
      expect.stringMatching(/^These tasks wait on each other in a circle: “.+” → “.+”\.$/),
    );
    const unknown = structuredClone(linked);
    unknown.sections.flatMap((s) => s.tasks)[0]!.depends_on = [linked.sections[0]!.id];
    const refusedUnknown = await inject('PUT', `/api/my-plans/${copy.id}`, kit.auth, {
      version: 2,
      name: 'x',
      plan: unknown,
    });
    expect(sentencesOf(refusedUnknown.json().error)).toContain(MY_PLANS_MESSAGES.DEPENDENCY_UNKNOWN);
    // The refused saves changed nothing.
    expect((await storedRows(kit.clientId))[0]!.version).toBe(2);
  });
});

/** What a plan may hold: its sections, tasks, subtasks and text (MY_PLAN_LIMITS). */

type Task = MyPlanDocument['sections'][number]['tasks'][number];
const taskOf = (id: string, fields: Partial<Task> = {}): Task => newTask(id, { name: 'T', ...fields });
/** A plan of `tasks` tasks in as few sections as the per-section bound allows, each with `subtasks` subtasks. */
function planOf(tasks: number, subtasks = 0, description = ''): MyPlanDocument {
  return {
    start_date: '2027-03-01',
    sections: [
      {
        id: 's',
        name: 'S',
        description: '',
        tasks: Array.from({ length: tasks }, (_, t) =>
          taskOf(`t${t}`, {
            description,
            subtasks: Array.from({ length: subtasks }, (_, k) => ({ id: `t${t}s${k}`, name: 'U', description: '' })),
          }),
        ),
      },
    ],
  };
}

describe('the size of a copy', () => {
  let kim: Awaited<ReturnType<typeof signedInMember>>;
  let copy: MyPlan;
  beforeAll(async () => {
    kim = await signedInMember(ctx.app, 'kim-sizes@example.com');
    copy = (await takeFrom(kim.auth, '2027-03-01')).json() as MyPlan;
  });
  const save = (plan: MyPlanDocument, version = 1) =>
    inject('PUT', `/api/my-plans/${copy.id}`, kim.auth, { version, name: 'Sized', plan });

  it('refuses a save past any limit with 400 and its sentence, and keeps the stored copy', async () => {
    const perTask = MY_PLAN_LIMITS.SUBTASKS_PER_TASK;
    const tooMuchText = planOf(MY_PLAN_LIMITS.CHARACTERS / MY_PLAN_LIMITS.DESCRIPTION + 1, 0, 'd'.repeat(5_000));
    const cases: [string, MyPlanDocument, string][] = [
      ['too many tasks', planOf(MY_PLAN_LIMITS.TASKS + 1), MY_PLANS_MESSAGES.TOO_MANY_TASKS],
      ['too many subtasks in a task', planOf(1, perTask + 1), MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS],
      [
        'too many subtasks in the plan',
        planOf(MY_PLAN_LIMITS.SUBTASKS / perTask + 1, perTask),
        MY_PLANS_MESSAGES.TOO_MANY_SUBTASKS_IN_PLAN,
      ],
      ['too much text', tooMuchText, MY_PLANS_MESSAGES.TOO_MUCH_TEXT],
      [
        'too many sections',
        {
          start_date: null,
          sections: Array.from({ length: MY_PLAN_LIMITS.SECTIONS + 1 }, (_, i) => ({
            id: `s${i}`,
            name: 'S',
            description: '',
            tasks: [],
          })),
        },
        MY_PLANS_MESSAGES.TOO_MANY_SECTIONS,
      ],
    ];
    for (const [what, plan, sentence] of cases) {
      const res = await save(plan);
      expect([what, res.statusCode], res.body.slice(0, 300)).toEqual([what, 400]);
      const error = res.json().error as Refusal;
      expect([what, error.code, sentencesOf(error)]).toEqual([
        what,
        'VALIDATION_FAILED',
        expect.arrayContaining([sentence]),
      ]);
    }
    const [row] = await storedRows(kim.clientId);
    expect(row).toMatchObject({ version: 1, plan: copy.plan });
  });

  it('saves a plan at every limit at once, within the body a save may send', async () => {
    // 300 tasks, 1,000 subtasks and 250,000 characters, in three-byte characters where they count.
    const plan = planOf(MY_PLAN_LIMITS.TASKS);
    const tasks = plan.sections[0]!.tasks;
    for (let k = 0; k < MY_PLAN_LIMITS.SUBTASKS; k++) {
      tasks[k % tasks.length]!.subtasks.push({ id: `u${k}`, name: 'U', description: '' });
    }
    let left = MY_PLAN_LIMITS.CHARACTERS - planCharacters(plan);
    for (const task of tasks) {
      const more = Math.min(left, MY_PLAN_LIMITS.DESCRIPTION);
      task.description = '€'.repeat(more);
      left -= more;
    }
    expect(planCharacters(plan)).toBe(MY_PLAN_LIMITS.CHARACTERS);
    const body = JSON.stringify({ version: 1, name: 'Sized', plan });
    expect(Buffer.byteLength(body)).toBeLessThan(MY_PLAN_LIMITS.BODY_BYTES);
    const res = await save(plan);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    // One more character is one too many.
    tasks[0]!.owner = 'x';
    expect((await save(plan, 2)).statusCode).toBe(400);
  });

  it("brings what it copies within the limits, from the planner's largest plan to a larger hand-made one", async () => {
    const lee = await signedInMember(ctx.app, 'lee-copies@example.com');
    // The planner's largest: 20 tasks of 12 subtasks, every text at its length.
    const largest = Array.from({ length: 20 }, (_, t) => ({
      name: `${t} ${'n'.repeat(296)}`,
      subtasks: Array.from({ length: 12 }, (_, k) => ({
        name: `${k} ${'s'.repeat(296)}`,
        description: 'd'.repeat(1000),
      })),
    }));
    // Past anything the planner answers: 400 tasks of 30 subtasks.
    const handMade = Array.from({ length: 400 }, (_, t) => ({
      name: `Task ${t}`,
      subtasks: Array.from({ length: 30 }, (_, k) => ({ name: `Sub ${k}`, description: 'x'.repeat(50) })),
    }));
    for (const tasks of [largest, handMade]) {
      const [aiPlan] = await ctx.app.db
        .insert(aiPlans)
        .values({ clientId: lee.clientId, title: 'Large', goal: 'g'.repeat(3_000), tasks })
        .returning({ id: aiPlans.id });
      const res = await inject('POST', '/api/my-plans', lee.auth, { source: 'ai', aiPlanId: aiPlan!.id });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      const taken = res.json() as MyPlan;
      expect(MyPlanDocumentSchema.safeParse(taken.plan).success).toBe(true);
      expect(countTasks(taken.plan)).toBeLessThanOrEqual(MY_PLAN_LIMITS.TASKS);
      expect(countSubtasks(taken.plan)).toBeLessThanOrEqual(MY_PLAN_LIMITS.SUBTASKS);
      expect(planCharacters(taken.plan)).toBeLessThanOrEqual(MY_PLAN_LIMITS.CHARACTERS);
      // Unchanged, it saves.
      const again = await inject('PUT', `/api/my-plans/${taken.id}`, lee.auth, {
        version: 1,
        name: taken.name,
        plan: taken.plan,
      });
      expect(again.statusCode, again.body.slice(0, 300)).toBe(200);
    }
  });

  it('opens a copy stored under earlier limits or dates, refuses to download it while too large, and saves it once within', async () => {
    const mo = await signedInMember(ctx.app, 'mo-earlier@example.com');
    const earlier = planOf(MY_PLAN_LIMITS.TASKS + 50, 2);
    earlier.sections[0]!.tasks[0]!.due_date = '+010000-01';
    const [row] = await ctx.app.db
      .insert(memberPlans)
      .values({ clientId: mo.clientId, name: 'Earlier', sourceKind: 'template', sourceId: freeId, plan: earlier })
      .returning({ id: memberPlans.id });
    const url = `/api/my-plans/${row!.id}`;
    const read = await inject('GET', url, mo.auth);
    expect(read.statusCode, read.body.slice(0, 300)).toBe(200);
    expect((read.json() as MyPlan).plan).toEqual(earlier);
    const download = await inject('GET', `${url}/download?format=docx`, mo.auth);
    expect([download.statusCode, download.json().error?.message]).toEqual([
      413,
      MY_PLANS_MESSAGES.TOO_LARGE_TO_DOWNLOAD(MY_PLANS_MESSAGES.TOO_MANY_TASKS),
    ]);
    expect((await inject('PUT', url, mo.auth, { version: 1, name: 'Earlier', plan: earlier })).statusCode).toBe(400);
    // Brought within the limits by its owner, it saves and downloads.
    const within = planOf(10, 2);
    expect((await inject('PUT', url, mo.auth, { version: 1, name: 'Earlier', plan: within })).statusCode).toBe(200);
    expect((await inject('GET', `${url}/download?format=docx`, mo.auth)).statusCode).toBe(200);
  });
});
