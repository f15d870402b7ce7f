import { MEMBER_BUDGETS, type MyPlan, type UploadJobResponse } from '@dpp/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, type TestContext } from '../../../test/helpers';
import { jobEnded, sendToSandbox, startUpload } from '../../../test/remote-plan';
import { type Caller, connectSandboxTool, injectCaller, listeningSimulatorApp } from '../../../test/task-tool-upload';
import { escapeHtml } from '../../lib/escape-html';
import type { TaskToolName } from '../../ports/task-tool.port';
import { sandboxAccounts, sandboxGrants } from '../../stand-ins/simulators/sandbox.tables';
import { projectPlans } from '../templates/templates.tables';
import { taskToolConnections } from './integrations.tables';

const FREE = 'project-planning-made-easy-with-5-simple-principles';

let ctx: TestContext;
let app: Caller;
let freeId: number;
let publicUrl: string;

beforeAll(async () => {
  ctx = await listeningSimulatorApp({ JOBS_POLL_INTERVAL_MS: '50', PROGRESS_READ_INTERVAL_MINUTES: '0' });
  app = injectCaller(ctx.app);
  publicUrl = ctx.app.config.PUBLIC_URL;
  const [free] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, FREE));
  freeId = free!.id;
});
afterAll(() => ctx.close());

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** A member's copy of the free template, taken through the API. */
async function takenCopy(who: Member): Promise<MyPlan> {
  const taken = await ctx.app.inject({
    method: 'POST',
    url: '/api/my-plans',
    headers: who.auth,
    payload: { source: 'template', templateId: freeId },
  });
  expect(taken.statusCode, taken.body).toBe(201);
  return taken.json() as MyPlan;
}

/** Where each tool's address of a project leads in its simulator, as the tool's own addresses are shaped. */
const PROJECT_PATHS: Record<TaskToolName, RegExp> = {
  asana: /^\/sandbox\/asana\/0\/\d+\/list$/,
  clickup: /^\/sandbox\/clickup\/\d+\/v\/o\/f\/\w+$/,
  monday: /^\/sandbox\/monday\/boards\/\d+$/,
};

describe('after sending, the project is one click away', () => {
  for (const tool of ['asana', 'clickup', 'monday'] as const) {
    it(`${tool}: the finished upload answers the address the tool gives the project, and it opens that project`, async () => {
      const who = await signedInMember(ctx.app, `after-send-${tool}@example.com`);
      const copy = await takenCopy(who);
      const { job } = await sendToSandbox(app, ctx.app.db, who, tool, `my-plan-${copy.id}`);
      expect(job).toMatchObject({ status: 'succeeded' });

      const answer = await ctx.app.inject({ method: 'GET', url: `/api/upload-jobs/${job.id}`, headers: who.auth });
      const { project_url } = answer.json() as UploadJobResponse;
      expect(project_url, answer.body).toEqual(expect.any(String));
      const address = new URL(project_url!);
      expect(address.origin).toBe(new URL(publicUrl).origin);
      expect(address.pathname).toMatch(PROJECT_PATHS[tool]);
      // The address leads to the project itself, by its name and with its sections.
      const page = await ctx.app.inject({ method: 'GET', url: address.pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<h1>${escapeHtml(copy.name)}</h1>`);
      expect(page.body).toContain(copy.plan.sections[0]!.name);
      // My Plans links the copy to the same project.
      const stored = (
        await ctx.app.inject({ method: 'GET', url: `/api/my-plans/${copy.id}`, headers: who.auth })
      ).json() as MyPlan;
      expect(stored.last_sent).toMatchObject({ tool, url: project_url });
    });
  }

  it('leads to no page for a project the simulator does not have', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/clickup/1/v/o/f/123' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/asana/0/123/list' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/monday/boards/123' })).statusCode).toBe(404);
  });
});

/** What the connect step asks before the consent page: the stored connection, when the tool still honours it. */
async function resume(who: Member, tool: TaskToolName) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/${tool}/resume`, headers: who.auth, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { connected: boolean; access_token?: string; data?: { email: string; gid: string } };
}

/** The tool forgets the member's grant, as when they revoke the app's access in the tool: `kinds` of its tokens. */
async function revokeInTool(tool: TaskToolName, email: string, kinds: ('access' | 'refresh')[]) {
  const [account] = await ctx.app.db
    .select()
    .from(sandboxAccounts)
    .where(and(eq(sandboxAccounts.tool, tool), eq(sandboxAccounts.email, email)));
  await ctx.app.db
    .delete(sandboxGrants)
    .where(and(eq(sandboxGrants.accountId, account!.id), inArray(sandboxGrants.kind, kinds)));
}

const storedConnection = async (who: Member, tool: TaskToolName) =>
  (
    await ctx.app.db
      .select()
      .from(taskToolConnections)
      .where(and(eq(taskToolConnections.clientId, who.clientId), eq(taskToolConnections.tool, tool)))
  )[0];

describe('sending again asks no new consent while the connection stands', () => {
  for (const tool of ['asana', 'clickup', 'monday'] as const) {
    it(`${tool}: the stored connection is handed back, lists the places and sends, with no consent`, async () => {
      const who = await signedInMember(ctx.app, `again-${tool}@example.com`);
      expect(await resume(who, tool)).toEqual({ connected: false });
      const first = await connectSandboxTool(app, who.auth, tool, who.email);
      const codes = async () =>
        (await ctx.app.db.select().from(sandboxGrants).where(eq(sandboxGrants.kind, 'code'))).length;
      const codesBefore = await codes();

      const again = await resume(who, tool);
      expect(again).toMatchObject({ connected: true, access_token: first.handle, data: { email: who.email } });
      const places = await app.call('POST', `/api/${tool}/workspaces`, { accessToken: again.access_token }, who.auth);
      expect((places.json() as { spaces: { id: string }[] }).spaces[0]?.id).toBe(first.placeId);
      const { jobId } = await startUpload(app, who.auth, tool, {
        handle: again.access_token!,
        placeId: first.placeId,
        planId: freeId,
        clientId: who.clientId,
      });
      expect(await jobEnded(ctx.app.db, jobId)).toMatchObject({ status: 'succeeded' });
      // No code was asked of the tool: the consent page was never shown.
      expect(await codes()).toBe(codesBefore);
    });
  }

  it('a grant revoked in the tool is forgotten, and the member goes through the consent again', async () => {
    const who = await signedInMember(ctx.app, 'again-revoked@example.com');
    const first = await connectSandboxTool(app, who.auth, 'clickup', who.email);
    await revokeInTool('clickup', who.email, ['access']);
    expect(await resume(who, 'clickup')).toEqual({ connected: false });
    expect(await storedConnection(who, 'clickup')).toBeUndefined();
    const refused = await app.call('POST', '/api/clickup/workspaces', { accessToken: first.handle }, who.auth);
    expect(refused.status).toBe(401);
    // A new consent makes a new handle; the old one stays dead.
    const second = await connectSandboxTool(app, who.auth, 'clickup', who.email);
    expect(second.handle).not.toBe(first.handle);
    expect(await resume(who, 'clickup')).toMatchObject({ connected: true, access_token: second.handle });
  });

  it('Asana: a token past its hour is refreshed first; a refresh the tool refuses ends the connection', async () => {
    const who = await signedInMember(ctx.app, 'again-expired@example.com');
    const first = await connectSandboxTool(app, who.auth, 'asana', who.email);
    const expire = () =>
      ctx.app.db
        .update(taskToolConnections)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(taskToolConnections.clientId, who.clientId));
    await expire();
    const before = (await storedConnection(who, 'asana'))!.accessToken;
    expect(await resume(who, 'asana')).toMatchObject({ connected: true, access_token: first.handle });
    expect((await storedConnection(who, 'asana'))!.accessToken).not.toBe(before);

    await expire();
    await revokeInTool('asana', who.email, ['access', 'refresh']);
    expect(await resume(who, 'asana')).toEqual({ connected: false });
    expect(await storedConnection(who, 'asana')).toBeUndefined();
  });

  it('checks a stored connection with the tool at most a budgeted number of times a minute per member', async () => {
    const who = await signedInMember(ctx.app, 'again-budget@example.com');
    await connectSandboxTool(app, who.auth, 'asana', who.email);
    for (let i = 0; i < MEMBER_BUDGETS.CONNECTION_CHECKS_PER_MINUTE; i++) {
      expect(await resume(who, 'asana')).toMatchObject({ connected: true });
    }
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/asana/resume', headers: who.auth, payload: {} });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/^You can check your connection to a tool up to \d+ times a minute/);
    // Another member is not held back by it.
    const other = await signedInMember(ctx.app, 'again-budget-other@example.com');
    expect(await resume(other, 'asana')).toEqual({ connected: false });
  });

  it("never hands out another member's connection", async () => {
    const pat = await signedInMember(ctx.app, 'again-pat@example.com');
    const sam = await signedInMember(ctx.app, 'again-sam@example.com');
    const pats = await connectSandboxTool(app, pat.auth, 'monday', pat.email);
    expect(await resume(sam, 'monday')).toEqual({ connected: false });
    const stolen = await app.call('POST', '/api/monday/workspaces', { accessToken: pats.handle }, sam.auth);
    expect(stolen.status).toBe(401);
  });
});
