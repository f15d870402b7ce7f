import {
  MEMBER_BUDGETS,
  MY_PLAN_PROGRESS_MESSAGES,
  type MyPlan,
  type MyPlanList,
  type MyPlanProgress,
  todayUtc,
} from '@dpp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, type TestContext } from '../../../test/helpers';
import { ageReads, type Member, sendCopy, takenCopy, tickInSandbox } from '../../../test/my-plans-progress';
import { listeningSimulatorApp } from '../../../test/task-tool-upload';
import type { TaskToolName } from '../../ports/task-tool.port';
import { sandboxToken } from '../../stand-ins/simulators/sandbox.test-helpers';
import { projectPlans } from '../templates/templates.tables';

/**
 * Every sending of a copy is followed (ADR 0039, amended): a plan sent to two tools, or twice to one, shows the
 * progress of each project, Refresh reads them all within the member's budget, and a project deleted in its tool
 * is said to be gone, with neither its old figures nor its address.
 */
const FREE = 'project-planning-made-easy-with-5-simple-principles';
const TOOLS = ['asana', 'clickup', 'monday'] as const;

let ctx: TestContext;
let freeId: number;
/** The progress reads each tool's adapter made. */
const reads: Record<TaskToolName, number> = { asana: 0, clickup: 0, monday: 0 };

beforeAll(async () => {
  ctx = await listeningSimulatorApp({ JOBS_POLL_INTERVAL_MS: '50', PROGRESS_READ_INTERVAL_MINUTES: '0' });
  for (const tool of TOOLS) {
    const adapter = ctx.app.adapters.taskTools[tool];
    const read = adapter.readProgress.bind(adapter);
    adapter.readProgress = (...args) => {
      reads[tool] += 1;
      return read(...args);
    };
  }
  const [free] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, FREE));
  freeId = free!.id;
});
afterAll(() => ctx.close());

const takeCopy = (who: Member) => takenCopy(ctx.app, who, freeId);
const send = (who: Member, copy: MyPlan, tool: TaskToolName) => sendCopy(ctx.app, who, copy, tool);
const tick = (tool: TaskToolName, remoteId: string) => tickInSandbox(ctx.app, tool, remoteId);

const refresh = (who: Member, id: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/my-plans/${id}/progress`, headers: who.auth });

async function refreshed(who: Member, id: number): Promise<MyPlanProgress> {
  const res = await refresh(who, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MyPlanProgress;
}

const listed = async (who: Member, id: number) =>
  ((await ctx.app.inject({ method: 'GET', url: '/api/my-plans', headers: who.auth })).json() as MyPlanList).plans.find(
    (p) => p.id === id,
  )!;

const redirectUri = () => `${ctx.app.config.PUBLIC_URL}/oauth2/handler`;

/** Deletes a project through the tool's own API, as a person deleting it in the tool does; the tool's answer. */
async function deleteInTool(tool: TaskToolName, email: string, projectId: string) {
  const token = await sandboxToken(ctx.app, tool, email, redirectUri());
  const auth = { authorization: `Bearer ${token}` };
  if (tool === 'asana') {
    return ctx.app.inject({ method: 'DELETE', url: `/sandbox/asana/api/1.0/projects/${projectId}`, headers: auth });
  }
  if (tool === 'clickup') {
    return ctx.app.inject({ method: 'DELETE', url: `/sandbox/clickup/api/v2/folder/${projectId}`, headers: auth });
  }
  return ctx.app.inject({
    method: 'POST',
    url: '/sandbox/monday/v2',
    headers: auth,
    payload: { query: 'mutation ($b: ID!) { delete_board(board_id: $b) { id state } }', variables: { b: projectId } },
  });
}

/** The tool's answer to a read of the project's tasks, after it was deleted: each vendor's own "not there". */
async function readInTool(tool: TaskToolName, email: string, projectId: string) {
  const token = await sandboxToken(ctx.app, tool, email, redirectUri());
  const auth = { authorization: `Bearer ${token}` };
  if (tool === 'asana') {
    return ctx.app.inject({ method: 'GET', url: `/sandbox/asana/api/1.0/projects/${projectId}/tasks`, headers: auth });
  }
  if (tool === 'clickup') {
    return ctx.app.inject({ method: 'GET', url: `/sandbox/clickup/api/v2/folder/${projectId}/list`, headers: auth });
  }
  return ctx.app.inject({
    method: 'POST',
    url: '/sandbox/monday/v2',
    headers: auth,
    payload: { query: 'query ($b: [ID!]) { boards(ids: $b) { id } }', variables: { b: [projectId] } },
  });
}

describe('every sending of a plan is followed', () => {
  it('shows the progress of a plan sent to Asana, to ClickUp and to Asana again, each its own, and Refresh reads all three', async () => {
    const who = await signedInMember(ctx.app, 'wren-sends-thrice@example.com');
    const copy = await takeCopy(who);
    const first = await send(who, copy, 'asana');
    const second = await send(who, copy, 'clickup');
    const third = await send(who, copy, 'asana');
    const total = first.tasks.length;
    await tick('asana', first.tasks[0]!.remoteId);
    await tick('clickup', second.tasks[0]!.remoteId);
    await tick('clickup', second.tasks[1]!.remoteId);
    await ageReads(ctx.app, copy.id);
    const before = { ...reads };

    const answer = await refreshed(who, copy.id);

    // One read of each project: the two Asana projects and the ClickUp one.
    expect([reads.asana - before.asana, reads.clickup - before.clickup, reads.monday - before.monday]).toEqual([
      2, 1, 0,
    ]);
    // The newest first, each with its tool, its project's address and its own figures.
    const shown = answer.sendings.map((s) => ({
      id: s.id,
      tool: s.tool,
      state: s.state,
      done: s.done,
      total: s.total,
      url: s.project_url,
    }));
    // Each project's page in its simulator, at the address the tool gave it (ADR 0043).
    const page = (tool: string, projectId: string) =>
      expect.stringMatching(
        new RegExp(`^${ctx.app.config.PUBLIC_URL}/sandbox/${tool}/(0/${projectId}/list|\\d+/v/o/f/${projectId})$`),
      );
    expect(shown).toEqual([
      { id: third.id, tool: 'asana', state: 'ok', done: 0, total, url: page('asana', third.projectId) },
      { id: second.id, tool: 'clickup', state: 'ok', done: 2, total, url: page('clickup', second.projectId) },
      { id: first.id, tool: 'asana', state: 'ok', done: 1, total, url: page('asana', first.projectId) },
    ]);
    // Each sent task names the copy's own task and its due day as sent (the target line's).
    const copyTasks = copy.plan.sections.flatMap((section) => section.tasks);
    for (const sending of answer.sendings) {
      expect(sending.tasks.map((t) => [t.task_id, t.planned_on])).toEqual(copyTasks.map((t) => [t.id, t.due_date]));
      expect(sending.read_at).not.toBeNull();
      expect(sending.history).toEqual([{ date: todayUtc(), done: sending.done, total }]);
    }
    // My Plans lists the same three, with the same figures, and GET answers what Refresh did without reading.
    const row = await listed(who, copy.id);
    expect(row.sendings.map((s) => [s.id, s.tool, s.done, s.total, s.project_url, s.read_at])).toEqual(
      answer.sendings.map((s) => [s.id, s.tool, s.done, s.total, s.project_url, s.read_at]),
    );
    const readsBeforeGet = { ...reads };
    const got = await ctx.app.inject({ method: 'GET', url: `/api/my-plans/${copy.id}/progress`, headers: who.auth });
    expect((got.json() as MyPlanProgress).sendings).toEqual(answer.sendings);
    expect(reads).toEqual(readsBeforeGet);
  });

  it('counts a Refresh once for each project it reads against the member’s Refreshes a minute', async () => {
    const who = await signedInMember(ctx.app, 'yale-budgets@example.com');
    const copy = await takeCopy(who);
    await send(who, copy, 'monday');
    await send(who, copy, 'asana');
    await send(who, copy, 'clickup');
    // 10 reads a minute: three Refreshes of three projects are 9; the fourth would be 12.
    const perMinute = MEMBER_BUDGETS.REFRESHES_PER_MINUTE;
    const accepted = Math.floor(perMinute / 3);
    for (let i = 0; i < accepted; i++) {
      await ageReads(ctx.app, copy.id);
      expect((await refresh(who, copy.id)).statusCode).toBe(200);
    }
    const refused = await refresh(who, copy.id);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.message).toMatch(
      new RegExp(`^You can refresh the progress of up to ${perMinute} projects a minute\\.`),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a copy never sent with no sendings, and still refuses another member’s copy', async () => {
    const who = await signedInMember(ctx.app, 'zara-unsent@example.com');
    const copy = await takeCopy(who);
    const got = await ctx.app.inject({ method: 'GET', url: `/api/my-plans/${copy.id}/progress`, headers: who.auth });
    expect([got.statusCode, got.json()]).toEqual([200, { sendings: [] }]);
    const refreshUnsent = await refresh(who, copy.id);
    expect([refreshUnsent.statusCode, refreshUnsent.json().error.message]).toEqual([
      404,
      MY_PLAN_PROGRESS_MESSAGES.NOT_SENT,
    ]);
    expect((await listed(who, copy.id)).sendings).toEqual([]);
    const other = await signedInMember(ctx.app, 'abe-peeks@example.com');
    const peek = await ctx.app.inject({ method: 'GET', url: `/api/my-plans/${copy.id}/progress`, headers: other.auth });
    expect(peek.statusCode).toBe(404);
  });
});

describe('a project deleted in its tool', () => {
  it.each(TOOLS)(
    'is gone once deleted in %s: neither its old figures nor its address are answered, the other sending goes on',
    async (tool) => {
      const who = await signedInMember(ctx.app, `cleo-deletes-${tool}@example.com`);
      const copy = await takeCopy(who);
      const kept = await send(who, copy, tool);
      const doomed = await send(who, copy, tool);
      await tick(tool, doomed.tasks[0]!.remoteId);
      await tick(tool, kept.tasks[1]!.remoteId);
      await ageReads(ctx.app, copy.id);
      const before = await refreshed(who, copy.id);
      expect(before.sendings.map((s) => [s.id, s.state, s.done])).toEqual([
        [doomed.id, 'ok', 1],
        [kept.id, 'ok', 1],
      ]);

      // Deleted through the tool's own API, which from then on answers that the project is not there.
      const deleted = await deleteInTool(tool, who.email, doomed.projectId);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const after = await readInTool(tool, who.email, doomed.projectId);
      if (tool === 'asana') {
        expect([after.statusCode, after.json()]).toEqual([
          404,
          { errors: [{ message: `project: Unknown object: ${doomed.projectId}`, help: expect.any(String) }] },
        ]);
      } else if (tool === 'clickup') {
        expect([after.statusCode, after.json()]).toEqual([404, { err: 'Folder not found', ECODE: 'ITEM_014' }]);
      } else {
        expect([after.statusCode, after.json().data]).toEqual([200, { boards: [] }]);
      }

      await ageReads(ctx.app, copy.id);
      const answer = await refreshed(who, copy.id);
      const [gone, other] = answer.sendings;
      expect(gone).toMatchObject({
        id: doomed.id,
        tool,
        state: 'gone',
        project_url: null,
        done: 0,
        total: 0,
        late: 0,
        next: null,
        tasks: [],
        history: [],
      });
      expect(other).toMatchObject({ id: kept.id, state: 'ok', done: 1, total: kept.tasks.length });
      expect(other!.project_url).toContain(kept.projectId);
      const row = await listed(who, copy.id);
      expect(row.sendings[0]).toMatchObject({ id: doomed.id, state: 'gone', project_url: null, done: 0, total: 0 });
      // The copy's own record of its last sending names no address that leads nowhere either.
      expect(row.last_sent).toMatchObject({ tool, url: null });
    },
  );

  it('can be deleted on the simulator’s page too, as a person deletes a project in the tool', async () => {
    const who = await signedInMember(ctx.app, 'dora-deletes-on-page@example.com');
    const copy = await takeCopy(who);
    const sending = await send(who, copy, 'clickup');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/clickup/-/projects/${sending.projectId}/delete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(303);
    const index = (await ctx.app.inject({ method: 'GET', url: '/sandbox/clickup/index.json' })).json() as {
      accounts: { email: string; tree: { id: string }[] }[];
    };
    expect(JSON.stringify(index.accounts.find((a) => a.email === who.email))).not.toContain(sending.projectId);
    await ageReads(ctx.app, copy.id);
    expect((await refreshed(who, copy.id)).sendings[0]).toMatchObject({ state: 'gone', project_url: null });
  });
});
