import {
  AI_MESSAGES,
  AUTH_MESSAGES,
  MESSAGES,
  MY_PLAN_LIMITS,
  MY_PLANS_MESSAGES,
  MY_PLANS_PERMISSION,
  MY_PLANS_TRIAL_LIMIT,
  type MyPlan,
  type MyPlanDocument,
  type MyPlanList,
  PLAN_IDS,
  PLAN_NAMES,
  type PlanPermission,
} from '@dpp/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, type TestContext } from '../../../test/helpers';
import { jobEnded, remotePlan, remoteProjects, sendToSandbox, startUpload } from '../../../test/remote-plan';
import { type Caller, connectSandboxTool, injectCaller, listeningSimulatorApp } from '../../../test/task-tool-upload';
import { ROLE_ADMIN } from '../../plugins/auth';
import { grantAuthority } from '../clients/clients.repository';
import { clients } from '../clients/clients.tables';
import { aiPlans } from '../planner/planner.tables';
import { projectPlans } from '../templates/templates.tables';
import { COPY_SHEET_COLUMNS } from './my-plans.documents';
import { memberPlans } from './my-plans.tables';

const FREE = 'project-planning-made-easy-with-5-simple-principles';

let ctx: TestContext;
let app: Caller;
let freeId: number;
let paidId: number;

beforeAll(async () => {
  ctx = await listeningSimulatorApp({ JOBS_POLL_INTERVAL_MS: '50' });
  app = injectCaller(ctx.app);
  const [free] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, FREE));
  freeId = free!.id;
  const [paid] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.free, false)).limit(1);
  paidId = paid!.id;
});
afterAll(() => ctx.close());

type Auth = Record<string, string>;

const member = (email: string) => signedInMember(ctx.app, email);

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: auth,
    ...(payload !== undefined && { payload: typeof payload === 'string' ? payload : (payload as object) }),
  });

async function take(auth: Auth, start_date = '2027-03-01'): Promise<MyPlan> {
  const res = await inject('POST', '/api/my-plans', auth, { source: 'template', templateId: freeId, start_date });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as MyPlan;
}

const storedRows = async (clientId: number) =>
  ctx.app.db.select().from(memberPlans).where(eq(memberPlans.clientId, clientId));

describe('taking a plan', () => {
  it("copies a free template with its tasks dated from the start date, and lists it with the membership's limit", async () => {
    const ana = await member('ana-takes@example.com');
    const copy = await take(ana.auth, '2027-03-01');
    const [template] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.id, freeId));
    expect(copy).toMatchObject({ name: template!.productName, source_kind: 'template', source_id: freeId, version: 1 });
    expect(copy.last_sent).toBeNull();
    expect(copy.plan.start_date).toBe('2027-03-01');
    const source = template!.plan.sections.flatMap((s) => s.tasks);
    const tasks = copy.plan.sections.flatMap((s) => s.tasks);
    expect(tasks.map((t) => t.name)).toEqual(source.map((t) => t.name));
    // Days after the start become dates: day 0 is the start itself.
    const expected = source.map((t) => {
      const day = new Date(Date.UTC(2027, 2, 1 + t.due_in_days));
      return day.toISOString().slice(0, 10);
    });
    expect(tasks.map((t) => t.due_date)).toEqual(expected);
    expect(tasks.every((t) => t.priority === 'none' && t.owner === '' && t.start_date === null)).toBe(true);
    const ids = copy.plan.sections.flatMap((s) => [
      s.id,
      ...s.tasks.flatMap((t) => [t.id, ...t.subtasks.map((st) => st.id)]),
    ]);
    expect(new Set(ids).size).toBe(ids.length);

    const list = await inject('GET', '/api/my-plans', ana.auth);
    expect(list.statusCode).toBe(200);
    const body = list.json() as MyPlanList;
    // No membership: the Essential plan's number.
    expect(body.limit).toBe(3);
    const { plan: _document, ...summary } = copy;
    expect(body.plans).toEqual([{ ...summary, task_count: tasks.length, sendings: [] }]);
  });

  it('starts today (UTC) without a start date', async () => {
    const ben = await member('ben-today@example.com');
    const res = await inject('POST', '/api/my-plans', ben.auth, { source: 'template', templateId: freeId });
    expect(res.statusCode).toBe(201);
    expect((res.json() as MyPlan).plan.start_date).toBe(new Date().toISOString().slice(0, 10));
  });

  it("refuses a paid template without a membership (402), an unknown one and someone else's AI plan (404)", async () => {
    const cy = await member('cy-refused@example.com');
    const paid = await inject('POST', '/api/my-plans', cy.auth, { source: 'template', templateId: paidId });
    expect([paid.statusCode, paid.json().error.message]).toEqual([402, MY_PLANS_MESSAGES.SOURCE_NOT_ALLOWED]);
    const unknown = await inject('POST', '/api/my-plans', cy.auth, { source: 'template', templateId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    const other = await member('cy-other@example.com');
    const [aiPlan] = await ctx.app.db
      .insert(aiPlans)
      .values({ clientId: other.clientId, title: 'Not yours' })
      .returning({ id: aiPlans.id });
    const ai = await inject('POST', '/api/my-plans', cy.auth, { source: 'ai', aiPlanId: aiPlan!.id });
    expect([ai.statusCode, ai.json().error.message]).toEqual([404, MY_PLANS_MESSAGES.SOURCE_NOT_FOUND]);
    expect(await storedRows(cy.clientId)).toEqual([]);
    expect(await storedRows(other.clientId)).toEqual([]);
  });

  it("refuses a copy beyond the membership's plan count, with a clear message, and writes nothing", async () => {
    const dee = await member('dee-limit@example.com');
    for (let i = 0; i < 3; i++) await take(dee.auth);
    const fourth = await inject('POST', '/api/my-plans', dee.auth, { source: 'template', templateId: freeId });
    expect([fourth.statusCode, fourth.json().error.message]).toEqual([403, MY_PLANS_MESSAGES.LIMIT_REACHED(3)]);
    expect(await storedRows(dee.clientId)).toHaveLength(3);
    // Two takes at once for the last place: one gets it.
    const [first] = await storedRows(dee.clientId);
    expect((await inject('DELETE', `/api/my-plans/${first!.id}`, dee.auth)).statusCode).toBe(204);
    const both = await Promise.all(
      [0, 1].map(() => inject('POST', '/api/my-plans', dee.auth, { source: 'template', templateId: freeId })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect(await storedRows(dee.clientId)).toHaveLength(3);
    // Deleting one makes room again.
    const [oldest] = await storedRows(dee.clientId);
    expect((await inject('DELETE', `/api/my-plans/${oldest!.id}`, dee.auth)).statusCode).toBe(204);
    await take(dee.auth);
  });
});

describe('a blank plan', () => {
  it('starts an empty plan the member edits, sends and downloads like any copy', async () => {
    const bo = await member('bo-blank@example.com');
    const res = await inject('POST', '/api/my-plans', bo.auth, { source: 'blank' });
    expect(res.statusCode, res.body).toBe(201);
    const blank = res.json() as MyPlan;
    expect(blank).toMatchObject({ name: MY_PLANS_MESSAGES.BLANK_PLAN_NAME, source_kind: 'blank', version: 1 });
    expect(blank.plan).toEqual({
      start_date: new Date().toISOString().slice(0, 10),
      sections: [{ id: expect.any(String), name: MY_PLANS_MESSAGES.BLANK_SECTION_NAME, description: '', tasks: [] }],
    });
    // The member's first task, saved on it like any edit.
    const section = blank.plan.sections[0]!;
    const task = {
      id: 'first-task',
      name: 'Find a supplier',
      description: '',
      start_date: null,
      due_date: '2027-04-01',
      owner: '',
      priority: 'none' as const,
      subtasks: [],
    };
    const saved = await inject('PUT', `/api/my-plans/${blank.id}`, bo.auth, {
      version: 1,
      name: 'Bakery opening',
      plan: { ...blank.plan, sections: [{ ...section, tasks: [task] }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = ((await inject('GET', '/api/my-plans', bo.auth)).json() as MyPlanList).plans;
    expect(listed).toEqual([expect.objectContaining({ name: 'Bakery opening', source_kind: 'blank', task_count: 1 })]);
    const download = await inject('GET', `/api/my-plans/${blank.id}/download?format=xlsx`, bo.auth);
    expect(download.statusCode).toBe(200);
    const { job, parentId } = await sendToSandbox(app, ctx.app.db, bo, 'clickup', `my-plan-${blank.id}`);
    expect(job).toMatchObject({ status: 'succeeded' });
    expect((await remoteProjects(ctx.app.db, 'clickup', parentId)).map((p) => p.name)).toEqual(['Bakery opening']);
  });

  it('takes a name and a start, refuses anything else, and counts against the membership like a copy', async () => {
    const di = await member('di-blank@example.com');
    const named = await inject('POST', '/api/my-plans', di.auth, {
      source: 'blank',
      name: 'Launch week',
      start_date: '2027-05-03',
    });
    expect(named.json()).toMatchObject({ name: 'Launch week', plan: { start_date: '2027-05-03' } });
    for (const bad of [{ source: 'blank', name: ' ' }, { source: 'blank', templateId: freeId }, { source: 'empty' }]) {
      expect((await inject('POST', '/api/my-plans', di.auth, bad)).statusCode).toBe(400);
    }
    await take(di.auth);
    await inject('POST', '/api/my-plans', di.auth, { source: 'blank' });
    // Essential keeps 3: a blank plan is refused past them as a template's copy is.
    const fourth = await inject('POST', '/api/my-plans', di.auth, { source: 'blank' });
    expect([fourth.statusCode, fourth.json().error.message]).toEqual([403, MY_PLANS_MESSAGES.LIMIT_REACHED(3)]);
    expect(await storedRows(di.clientId)).toHaveLength(3);
  });
});

describe("the membership's plan count", () => {
  const limitOf = async (auth: Auth) => ((await inject('GET', '/api/my-plans', auth)).json() as MyPlanList).limit;

  it('is the plan permission the administrator sets: paid 100, a trial at most 10, Essential as changed', async () => {
    const kim = await member('kim-count@example.com');
    await ctx.app.db
      .update(clients)
      .set({ isSubscribed: '2', planName: PLAN_NAMES.PRO_MONTHLY })
      .where(eq(clients.id, kim.clientId));
    expect(await limitOf(kim.auth)).toBe(100);
    const now = Date.now();
    await ctx.app.db
      .update(clients)
      .set({ isSubscribed: '1', trialStart: new Date(now - 86_400_000), trialEnd: new Date(now + 86_400_000) })
      .where(eq(clients.id, kim.clientId));
    expect(await limitOf(kim.auth)).toBe(MY_PLANS_TRIAL_LIMIT);

    const admin = await member('admin-count@example.com');
    await grantAuthority(ctx.app.db, admin.clientId, ROLE_ADMIN);
    const entries = (
      await inject('GET', `/api/permissions/plan/${PLAN_IDS.ESSENTIAL}`, admin.auth)
    ).json() as PlanPermission[];
    const entry = entries.find((e) => e.permission.permission_name === MY_PLANS_PERMISSION.name)!;
    expect(entry).toMatchObject({ is_displayed: true, limit: 3 });
    const change = (body: object) =>
      inject('PUT', '/api/permissions/plan', admin.auth, {
        queryId: entry.id,
        plan: { id: PLAN_IDS.ESSENTIAL },
        permission: { id: entry.permission.id },
        entity_type: 'PLAN',
        ...body,
      });
    expect((await change({ is_displayed: true, limit: 1 })).json()).toMatchObject({ limit: 1 });
    // The show/hide switch alone keeps the number.
    expect((await change({ is_displayed: true })).json()).toMatchObject({ limit: 1 });
    const lee = await member('lee-count@example.com');
    expect(await limitOf(lee.auth)).toBe(1);
    await take(lee.auth);
    const second = await inject('POST', '/api/my-plans', lee.auth, { source: 'template', templateId: freeId });
    expect([second.statusCode, second.json().error.message]).toEqual([403, MY_PLANS_MESSAGES.LIMIT_REACHED(1)]);
    // Hidden: none at all.
    await change({ is_displayed: false });
    expect(await limitOf(lee.auth)).toBe(0);
    await change({ is_displayed: true, limit: 3 });
  });
});

describe('saving a copy', () => {
  it('saves the edits on the stored version and answers the next one; a stale save is 409 and the first stays', async () => {
    const eve = await member('eve-tabs@example.com');
    const copy = await take(eve.auth);
    // Two tabs opened the same version.
    const tabA = structuredClone(copy.plan);
    const tabB = structuredClone(copy.plan);
    tabA.sections[0]!.tasks[0]!.name = 'Renamed in tab A';
    tabB.sections[0]!.tasks[0]!.name = 'Renamed in tab B';

    const first = await inject('PUT', `/api/my-plans/${copy.id}`, eve.auth, { version: 1, name: 'Tab A', plan: tabA });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: copy.id, version: 2 });

    const second = await inject('PUT', `/api/my-plans/${copy.id}`, eve.auth, { version: 1, name: 'Tab B', plan: tabB });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({ code: 'CONFLICT', message: MY_PLANS_MESSAGES.STALE_VERSION });

    const read = (await inject('GET', `/api/my-plans/${copy.id}`, eve.auth)).json() as MyPlan;
    expect(read).toMatchObject({ name: 'Tab A', version: 2 });
    expect(read.plan).toEqual(tabA);

    // Reloaded, tab B saves on the latest version.
    const again = await inject('PUT', `/api/my-plans/${copy.id}`, eve.auth, { version: 2, name: 'Tab B', plan: tabB });
    expect(again.json()).toMatchObject({ version: 3 });
  });

  it('lets exactly one of two saves sent at once from the same version through', async () => {
    const amy = await member('amy-race@example.com');
    const copy = await take(amy.auth);
    const save = (name: string) =>
      inject('PUT', `/api/my-plans/${copy.id}`, amy.auth, { version: 1, name, plan: copy.plan });
    const answers = await Promise.all([save('One'), save('Two')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    const [row] = await storedRows(amy.clientId);
    expect(row).toMatchObject({ version: 2, name: answers.indexOf(winner) === 0 ? 'One' : 'Two' });
  });

  it("is owner-only: another member's copy is 404 to read, save and delete, and stays untouched", async () => {
    const owner = await member('fay-owner@example.com');
    const mallory = await member('mallory-copies@example.com');
    const copy = await take(owner.auth);
    const notFound = { error: { code: 'NOT_FOUND', message: MY_PLANS_MESSAGES.NOT_FOUND } };
    const read = await inject('GET', `/api/my-plans/${copy.id}`, mallory.auth);
    expect([read.statusCode, read.json()]).toEqual([404, notFound]);
    const save = await inject('PUT', `/api/my-plans/${copy.id}`, mallory.auth, {
      version: 1,
      name: 'Mine now',
      plan: copy.plan,
    });
    expect([save.statusCode, save.json()]).toEqual([404, notFound]);
    const remove = await inject('DELETE', `/api/my-plans/${copy.id}`, mallory.auth);
    expect([remove.statusCode, remove.json()]).toEqual([404, notFound]);
    expect(((await inject('GET', '/api/my-plans', mallory.auth)).json() as MyPlanList).plans).toEqual([]);
    const [row] = await storedRows(owner.clientId);
    expect(row).toMatchObject({ name: copy.name, version: 1 });
    // A copy that does not exist answers the same.
    expect((await inject('GET', '/api/my-plans/987654', owner.auth)).statusCode).toBe(404);
  });

  it('answers 401 on every route without a session', async () => {
    const unauthenticated = { error: { code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.SESSION_REQUIRED } };
    const calls = [
      ['GET', '/api/my-plans'],
      ['POST', '/api/my-plans', { source: 'template', templateId: freeId }],
      ['GET', '/api/my-plans/1'],
      ['PUT', '/api/my-plans/1', { version: 1, name: 'x', plan: { start_date: null, sections: [] } }],
      ['DELETE', '/api/my-plans/1'],
      ['GET', '/api/my-plans/1/download?format=docx'],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await inject(method, url, {}, body);
      expect([`${method} ${url}`, res.statusCode, res.json()]).toEqual([`${method} ${url}`, 401, unauthenticated]);
    }
  });

  it('refuses hostile input with 400 and writes nothing', async () => {
    const gil = await member('gil-hostile@example.com');
    const copy = await take(gil.auth);
    const url = `/api/my-plans/${copy.id}`;
    const withTask = (change: Partial<MyPlanDocument['sections'][number]['tasks'][number]>): MyPlanDocument => {
      const plan = structuredClone(copy.plan);
      Object.assign(plan.sections[0]!.tasks[0]!, change);
      return plan;
    };
    const manyTasks = structuredClone(copy.plan);
    manyTasks.sections[0]!.tasks = Array.from({ length: MY_PLAN_LIMITS.TASKS + 1 }, (_, i) => ({
      ...copy.plan.sections[0]!.tasks[0]!,
      id: `many-${i}`,
      subtasks: [],
    }));
    const bad: [string, unknown, string?][] = [
      [
        'a control character',
        { version: 1, name: 'x', plan: withTask({ name: 'bell\u0007' }) },
        MESSAGES.UNSTORABLE_TEXT,
      ],
      ['NUL', { version: 1, name: 'x', plan: withTask({ description: 'nul\u0000' }) }, MESSAGES.UNSTORABLE_TEXT],
      ['NUL in the name', { version: 1, name: 'a\u0000b', plan: copy.plan }, MESSAGES.UNSTORABLE_TEXT],
      ['too many tasks', { version: 1, name: 'x', plan: manyTasks }],
      ['a too-long name', { version: 1, name: 'x', plan: withTask({ name: 'n'.repeat(MY_PLAN_LIMITS.NAME + 1) }) }],
      ['a bad date', { version: 1, name: 'x', plan: withTask({ due_date: '2027-13-01' }) }],
      ['an unknown field', { version: 1, name: 'x', plan: copy.plan, admin: true }],
      ['no version', { name: 'x', plan: copy.plan }],
      ['an empty object', {}],
    ];
    for (const [what, body, message] of bad) {
      const res = await inject('PUT', url, gil.auth, body);
      expect([what, res.statusCode], res.body.slice(0, 300)).toEqual([what, 400]);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      // NUL is refused by the app's input-text check; other control characters by the schema, field by field.
      const { error } = res.json() as { error: { message: string; details?: { message: string }[] } };
      if (message) expect([error.message, ...(error.details ?? []).map((d) => d.message)]).toContain(message);
    }
    const empty = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: { ...gil.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    // Beyond the save's body limit: refused before it is read (413).
    const huge = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: { ...gil.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ version: 1, name: 'x', plan: copy.plan, pad: 'p'.repeat(MY_PLAN_LIMITS.BODY_BYTES) }),
    });
    expect(huge.statusCode).toBe(413);
    const takeHostile = await inject('POST', '/api/my-plans', gil.auth, { source: 'template', templateId: 'x' });
    expect(takeHostile.statusCode).toBe(400);
    const [row] = await storedRows(gil.clientId);
    expect(row).toMatchObject({ version: 1, name: copy.name });
    expect(row!.plan).toEqual(copy.plan);
    expect(await storedRows(gil.clientId)).toHaveLength(1);
  });
});

describe('downloading a copy', () => {
  it("keeps an AI plan's copy behind the AI download permission, as the planner's own download is", async () => {
    // No membership: the plan permission "Download AI plans" is hidden (paid plans only).
    const kim = await member('kim-ai-copy@example.com');
    // Activated, as anyone who made an AI plan is.
    const named = await inject('POST', '/api/identity/update-attributes', kim.auth, {
      given_name: 'Kim',
      family_name: 'Lee',
    });
    expect(named.statusCode, named.body).toBe(200);
    const [aiPlan] = await ctx.app.db
      .insert(aiPlans)
      .values({ clientId: kim.clientId, title: 'My AI plan' })
      .returning({ id: aiPlans.id });
    const taken = await inject('POST', '/api/my-plans', kim.auth, { source: 'ai', aiPlanId: aiPlan!.id });
    expect(taken.statusCode, taken.body).toBe(201);
    const copy = taken.json() as MyPlan;
    for (const format of ['docx', 'xlsx']) {
      const res = await inject('GET', `/api/my-plans/${copy.id}/download?format=${format}`, kim.auth);
      expect([res.statusCode, res.json().error.message]).toEqual([403, AI_MESSAGES.NO_PERMISSION]);
    }
    // A template's copy is the member's to download.
    const template = await take(kim.auth);
    expect((await inject('GET', `/api/my-plans/${template.id}/download?format=docx`, kim.auth)).statusCode).toBe(200);
  });

  it('gives the edited copy as Word and Excel files, to its owner only', async () => {
    const jo = await member('jo-downloads@example.com');
    const copy = await take(jo.auth, '2027-06-01');
    const plan = structuredClone(copy.plan);
    const task = plan.sections[0]!.tasks[0]!;
    Object.assign(task, { name: 'Edited for the file', owner: 'Jo', priority: 'medium', start_date: '2027-06-01' });
    task.due_date = '2027-06-09';
    // The second task is a milestone waiting on the first.
    const milestone = plan.sections[0]!.tasks[1]!;
    Object.assign(milestone, { milestone: true, depends_on: [task.id] });
    const saved = await inject('PUT', `/api/my-plans/${copy.id}`, jo.auth, { version: 1, name: 'Jo plan', plan });
    expect(saved.statusCode).toBe(200);

    const xlsx = await inject('GET', `/api/my-plans/${copy.id}/download?format=xlsx`, jo.auth);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="Jo-plan.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(COPY_SHEET_COLUMNS.map((c) => c.header));
    expect(rows[1]!.slice(1, 3)).toEqual([plan.sections[0]!.name, plan.sections[0]!.description || undefined]);
    const taskRow = rows[2]!;
    expect(taskRow[3]).toBe('Edited for the file');
    expect((taskRow[5] as Date).toISOString().slice(0, 10)).toBe('2027-06-01');
    expect((taskRow[6] as Date).toISOString().slice(0, 10)).toBe('2027-06-09');
    expect(taskRow.slice(7, 9)).toEqual(['Jo', 'medium']);
    const milestoneRow = rows[3 + task.subtasks.length]!;
    expect(milestoneRow[3]).toBe(milestone.name);
    expect(milestoneRow.slice(11, 13)).toEqual(['Yes', 'Edited for the file']);
    const itemRows = plan.sections.reduce((n, s) => n + 1 + s.tasks.reduce((m, t) => m + 1 + t.subtasks.length, 0), 0);
    expect(rows).toHaveLength(1 + itemRows);

    const docx = await inject('GET', `/api/my-plans/${copy.id}/download?format=docx`, jo.auth);
    expect(docx.statusCode).toBe(200);
    const xml = await (await JSZip.loadAsync(docx.rawPayload)).file('word/document.xml')!.async('string');
    expect(xml).toContain('Edited for the file');
    expect(xml).toContain('Due 2027-06-09');
    expect(xml).toContain('Owner: Jo');
    expect(xml).toContain('Waits on: Edited for the file');
    expect(xml).toMatch(/Milestone · Due /);

    const mallory = await member('mallory-downloads@example.com');
    expect((await inject('GET', `/api/my-plans/${copy.id}/download?format=docx`, mallory.auth)).statusCode).toBe(404);
    expect((await inject('GET', `/api/my-plans/${copy.id}/download?format=pdf`, jo.auth)).statusCode).toBe(400);
  });
});

describe('sending a copy', () => {
  it.each(['asana', 'clickup', 'monday'] as const)(
    'uploads the edited copy to the %s simulator exactly, and records where it went',
    async (tool) => {
      const hal = await member(`hal-sends-${tool}@example.com`);
      const copy = await take(hal.auth, '2027-05-03');
      const plan = structuredClone(copy.plan);
      const [first, second] = plan.sections;
      // Rename a task, delete a subtask, add a task, describe, move a section, change dates.
      first!.tasks[0]!.name = 'Kick-off, renamed';
      first!.tasks[0]!.subtasks.splice(0, 1);
      first!.tasks[0]!.due_date = '2027-05-10';
      first!.tasks.push({
        id: 'client-made-1',
        name: 'A task of my own',
        description: 'Written by the member',
        start_date: '2027-05-04',
        due_date: null,
        owner: 'Hal',
        priority: 'high',
        assignee_id: null,
        depends_on: [],
        milestone: false,
        subtasks: [{ id: 'client-made-2', name: 'Its step', description: '' }],
      });
      second!.description = 'Edited section text';
      plan.sections = [second!, first!, ...plan.sections.slice(2)];
      const saved = await inject('PUT', `/api/my-plans/${copy.id}`, hal.auth, { version: 1, name: 'Hal launch', plan });
      expect(saved.statusCode, saved.body).toBe(200);

      const { handle, placeId } = await connectSandboxTool(app, hal.auth, tool, hal.email);
      const { jobId, parentId } = await startUpload(app, hal.auth, tool, {
        handle,
        placeId,
        planId: `my-plan-${copy.id}`,
        clientId: hal.clientId,
      });
      expect(await jobEnded(ctx.app.db, jobId)).toMatchObject({ status: 'succeeded' });

      const projects = await remoteProjects(ctx.app.db, tool, parentId);
      expect(projects.map((p) => p.name)).toEqual(['Hal launch']);
      // Asana has no field for a priority and takes a start date only beside a due date: both lead the notes.
      const asanaNotes = 'Priority: High\nStarts 2027-05-04\n\nWritten by the member';
      expect(await remotePlan(ctx.app.db, tool, projects[0]!.remoteId)).toEqual({
        name: 'Hal launch',
        sections: plan.sections.map((s) => ({
          name: s.name,
          tasks: s.tasks.map((t) => ({
            name: t.name,
            description: tool === 'asana' && t.id === 'client-made-1' ? asanaNotes : t.description,
            dueOn: t.due_date,
            subtasks: t.subtasks.map((st) => ({ name: st.name, description: st.description })),
          })),
        })),
      });

      const read = (await inject('GET', `/api/my-plans/${copy.id}`, hal.auth)).json() as MyPlan;
      expect(read.last_sent).toMatchObject({
        tool,
        // The project's own page in the simulator, at the address the tool gave it.
        url: expect.stringMatching(new RegExp(`/sandbox/${tool}/\\S*${projects[0]!.remoteId}(/list)?$`)),
      });
      // Recording where it went is not an edit: the editor's version goes on.
      expect(read.version).toBe(2);
      const listed = ((await inject('GET', '/api/my-plans', hal.auth)).json() as MyPlanList).plans[0];
      expect(listed?.last_sent).toEqual(read.last_sent);
    },
  );

  it("sends or downloads a paid template's copy only while the template is the member's to use", async () => {
    const lou = await member('lou-trial@example.com');
    const now = Date.now();
    const trial = (end: number) =>
      ctx.app.db
        .update(clients)
        .set({ isSubscribed: '1', trialStart: new Date(now - 5 * 86_400_000), trialEnd: new Date(end) })
        .where(eq(clients.id, lou.clientId));
    await trial(now + 86_400_000);
    const taken = await inject('POST', '/api/my-plans', lou.auth, { source: 'template', templateId: paidId });
    expect(taken.statusCode, taken.body).toBe(201);
    const copy = taken.json() as MyPlan;
    const download = () => inject('GET', `/api/my-plans/${copy.id}/download?format=docx`, lou.auth);
    expect((await download()).statusCode).toBe(200);

    // The trial has ended: the premium template is not theirs any more, nor is its copy's content to send.
    await trial(now - 86_400_000);
    const refused = await download();
    expect([refused.statusCode, refused.json().error.message]).toEqual([402, MY_PLANS_MESSAGES.SOURCE_NOT_ALLOWED]);
    const { handle, placeId } = await connectSandboxTool(app, lou.auth, 'asana', lou.email);
    await expect(
      startUpload(app, lou.auth, 'asana', { handle, placeId, planId: `my-plan-${copy.id}`, clientId: lou.clientId }),
    ).rejects.toThrow(/402/);
    // Still theirs to read and edit.
    expect((await inject('GET', `/api/my-plans/${copy.id}`, lou.auth)).statusCode).toBe(200);
  });

  it("refuses to send another member's copy", async () => {
    const owner = await member('ivy-owner@example.com');
    const mallory = await member('mallory-sends@example.com');
    const copy = await take(owner.auth);
    const { handle, placeId } = await connectSandboxTool(app, mallory.auth, 'asana', mallory.email);
    await expect(
      startUpload(app, mallory.auth, 'asana', {
        handle,
        placeId,
        planId: `my-plan-${copy.id}`,
        clientId: mallory.clientId,
      }),
    ).rejects.toThrow(/404/);
  });
});
