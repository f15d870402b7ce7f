import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAsana, startFakeAsana } from '../../../test/fake-asana';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import { asanaBatchesFor } from '../../../test/remote-plan';
import { SANDBOX_OAUTH_CLIENT, UpstreamError } from '../../ports/task-tool.port';
import { createJobRunner, findJob, waitForJob } from '../jobs/jobs.service';
import { jobs } from '../jobs/jobs.tables';
import { projectPlans } from '../templates/templates.tables';
import { UPLOAD_JOB_KIND, uploadFailureMessage } from './integrations.service';
import { oauthStates, taskToolConnections, uploadItems } from './integrations.tables';
import { toUploadPlan } from './integrations.upload-plan';

let ctx: TestContext;
let fake: FakeAsana;

beforeEach(async () => {
  fake = await startFakeAsana();
  // The adapters talk to PUBLIC_URL/sandbox/asana when no client id is configured: here, the fake.
  // No polling worker: the upload call starts its job on this instance, and tests run the others by hand.
  ctx = await buildTestApp({ PUBLIC_URL: fake.url, JOBS_POLL_INTERVAL_MS: '0' });
});
afterEach(async () => {
  await ctx.close();
  await fake.close();
});

async function user(email = 'pat@example.com') {
  const signed = await signedInUser(ctx.app, email);
  const client = await ctx.app.inject({
    method: 'POST',
    url: '/api/client/get',
    headers: signed.auth,
    payload: { email },
  });
  return { ...signed, clientId: client.json().id as number };
}

async function linkFor(auth: Record<string, string>) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/asana/link', headers: auth });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().link as string);
}

async function connect(auth: Record<string, string>) {
  const link = await linkFor(auth);
  fake.codes.set('code-1', link.searchParams.get('code_challenge')!);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/asana/tokens',
    headers: auth,
    payload: { userCode: 'code-1', state: link.searchParams.get('state') },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { access_token: string; data: { email: string; gid: string } };
}

async function template(slug: string) {
  const [row] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, slug));
  return row!;
}
const FREE = 'project-planning-made-easy-with-5-simple-principles';

/** The events of a text/event-stream body, data parsed. */
function parseEvents(body: string) {
  return body
    .split('\n\n')
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return event && data ? { event, data: JSON.parse(data) as Record<string, unknown> } : null;
    })
    .filter((e) => e !== null);
}

function expectExactlyThePlan(plan: Awaited<ReturnType<typeof template>>['plan']) {
  const of = (kind: string) => fake.created.filter((c) => c.kind === kind);
  expect(of('project')).toHaveLength(1);
  expect(of('section').map((s) => s.name)).toEqual(plan.sections.map((s) => s.name));
  expect(
    of('task')
      .map((t) => t.name)
      .sort(),
  ).toEqual(plan.sections.flatMap((s) => s.tasks.map((t) => t.name)).sort());
  const subtasks = plan.sections.flatMap((s) => s.tasks.flatMap((t) => t.subtasks.map((st) => `${t.name}/${st.name}`)));
  const taskName = new Map(of('task').map((t) => [t.gid, t.name]));
  expect(
    of('subtask')
      .map((st) => `${taskName.get(st.parent)}/${st.name}`)
      .sort(),
  ).toEqual(subtasks.sort());
}

describe('OAuth connection', () => {
  it('links with a state and an S256 PKCE challenge, and hands the browser a handle instead of the token', async () => {
    const pat = await user();
    const link = await linkFor(pat.auth);
    expect(`${link.origin}${link.pathname}`).toBe(`${fake.url}/sandbox/asana/-/oauth_authorize`);
    expect(link.searchParams.get('client_id')).toBe(SANDBOX_OAUTH_CLIENT.clientId);
    expect(link.searchParams.get('response_type')).toBe('code');
    expect(link.searchParams.get('code_challenge_method')).toBe('S256');
    expect(link.searchParams.get('redirect_uri')).toBe(`${fake.url}/upload-action/connect/asana`);

    const connected = await connect(pat.auth);
    expect(connected.data).toEqual({ email: 'pat@example.com', gid: '42' });
    expect(connected.access_token).not.toContain('asana-access-token');
    const [row] = await ctx.app.db.select().from(taskToolConnections);
    // Encrypted at rest: neither token appears in the row.
    expect(JSON.stringify(row)).not.toContain('asana-access-token-1');
    expect(JSON.stringify(row)).not.toContain('asana-refresh-token-1');
    expect(row!.handleHash).not.toBe(connected.access_token);

    const workspaces = await ctx.app.inject({
      method: 'POST',
      url: '/api/asana/workspaces',
      headers: pat.auth,
      payload: { accessToken: connected.access_token, managementToolEmail: 'pat@example.com' },
    });
    expect(workspaces.json()).toEqual({ spaces: [{ id: '1', name: 'Acme' }], success: true, message: '' });
  });

  it('refuses a wrong, reused or other-session state and creates nothing', async () => {
    const pat = await user();
    const link = await linkFor(pat.auth);
    fake.codes.set('code-1', link.searchParams.get('code_challenge')!);
    const exchange = (auth: Record<string, string>, state: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/asana/tokens',
        headers: auth,
        payload: { userCode: 'code-1', state },
      });

    const wrong = await exchange(pat.auth, 'x'.repeat(43));
    expect(wrong.statusCode).toBe(403);
    // Same account, another session (a stolen link finished elsewhere): refused too.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: 'pat@example.com', password: 'Planner#2026' },
    });
    const otherAuth = { authorization: `Bearer ${other.json().access_token}` };
    expect((await exchange(otherAuth, link.searchParams.get('state')!)).statusCode).toBe(403);
    expect(fake.tokenCalls).toBe(0);
    expect(await ctx.app.db.select().from(taskToolConnections)).toHaveLength(0);

    expect((await exchange(pat.auth, link.searchParams.get('state')!)).statusCode).toBe(200);
    expect((await exchange(pat.auth, link.searchParams.get('state')!)).statusCode).toBe(403);
    expect(fake.tokenCalls).toBe(1);
  });

  it('refuses an expired state', async () => {
    const pat = await user();
    const link = await linkFor(pat.auth);
    await ctx.app.db.update(oauthStates).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/asana/tokens',
      headers: pat.auth,
      payload: { userCode: 'code-1', state: link.searchParams.get('state') },
    });
    expect(res.statusCode).toBe(403);
  });

  it('rejects unknown fields, unknown tools and a handle of someone else', async () => {
    const pat = await user();
    const sam = await user('sam@example.com');
    const handle = (await connect(pat.auth)).access_token;
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/asana/teams',
      headers: pat.auth,
      payload: { accessToken: handle, more: 1 },
    });
    expect(extra.statusCode).toBe(400);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/trello/link', headers: pat.auth });
    expect(unknown.statusCode).toBe(400);
    const stolen = await ctx.app.inject({
      method: 'POST',
      url: '/api/asana/workspaces',
      headers: sam.auth,
      payload: { accessToken: handle },
    });
    // Not the session's 401: the web app must not sign the user out over a tool connection.
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().error.code).toBe('TOOL_NOT_CONNECTED');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/asana/link' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('plan upload', () => {
  it('lists teams, uploads a free template with due dates, in batches of at most 10', async () => {
    const pat = await user();
    const handle = (await connect(pat.auth)).access_token;
    const plan = await template(FREE);
    const teams = await ctx.app.inject({
      method: 'POST',
      url: `/api/asana/team/1/upload-plan/${plan.id}/database-id/${pat.clientId}`,
      headers: pat.auth,
      payload: { accessToken: handle },
    });
    expect(teams.json()).toEqual({ spaces: [{ id: '7', name: 'Marketing' }], success: true, message: '' });

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/asana/teams/7/upload-plan/${plan.id}/database-id/${pat.clientId}`,
      headers: pat.auth,
      payload: {
        accessToken: handle,
        managementToolEmail: 'pat@example.com',
        gid: '42',
        workspaceId: '1',
        startDate: '2026-01-01',
      },
    });
    // Answered at once: the status and message (docs/product-rules.md, Plan upload), and the job that does the work.
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      status: true,
      message: 'Your plan is being uploaded and will appear in your workspace shortly',
      pending: true,
    });
    // The event stream follows the job to its end, whichever instance runs it.
    const stream = await ctx.app.inject({
      method: 'GET',
      url: `/api/upload-jobs/${res.json().job_id}/events`,
      headers: pat.auth,
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(stream.body);
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { state: 'succeeded', status: true, message: 'Your plan has been uploaded successfully' },
    });
    expectExactlyThePlan(plan.plan);
    const project = fake.created.find((c) => c.kind === 'project')!;
    expect(project.data).toMatchObject({ workspace: '1', team: '7', name: plan.productName || plan.name });
    const first = plan.plan.sections[0]!.tasks[0]!;
    const task = fake.created.find((c) => c.kind === 'task' && c.name === first.name)!;
    const due = new Date(Date.UTC(2026, 0, 1 + first.due_in_days)).toISOString().slice(0, 10);
    expect(task.data).toMatchObject({ notes: first.description, due_on: due, projects: [project.gid] });
    // One project request, then the adapter's schedule: nothing sent twice, nothing beyond the plan.
    const expected = asanaBatchesFor(
      toUploadPlan({ key: 'project', name: '', description: '', plan: plan.plan }, '2026-01-01'),
    ).length;
    expect(fake.batchCount).toBe(expected);

    const progress = await ctx.app.inject({
      method: 'GET',
      url: `/api/upload-jobs/${res.json().job_id}`,
      headers: pat.auth,
    });
    expect(progress.json()).toMatchObject({ state: 'succeeded', status: true });
    expect(progress.json().created).toBe(progress.json().total);
  });

  it('refuses another database id, a paid template, and an unknown plan', async () => {
    const pat = await user();
    const sam = await user('sam@example.com');
    const handle = (await connect(pat.auth)).access_token;
    const free = await template(FREE);
    const paid = await template('product-launch-plan');
    const post = (planId: number | string, dbUserId: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/asana/teams/7/upload-plan/${planId}/database-id/${dbUserId}`,
        headers: pat.auth,
        payload: { accessToken: handle, workspaceId: '1' },
      });
    expect((await post(free.id, sam.clientId)).statusCode).toBe(403);
    expect((await post(paid.id, pat.clientId)).statusCode).toBe(402);
    expect((await post(99_999, pat.clientId)).statusCode).toBe(404);
    expect(fake.created).toHaveLength(0);
    expect(await ctx.app.db.select().from(jobs)).toHaveLength(0);
  });

  it("refuses an upload path that is not the tool's own, and queues nothing", async () => {
    const pat = await user();
    const handle = (await connect(pat.auth)).access_token;
    const free = await template(FREE);
    const post = (path: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/${path}/upload-plan/${free.id}/database-id/${pat.clientId}`,
        headers: pat.auth,
        payload: { accessToken: handle, workspaceId: '1' },
      });
    // Asana uploads through teams; only monday.com uploads as a board, and only of the plan it names.
    expect((await post('asana/spaces/7')).statusCode).toBe(404);
    expect((await post(`asana/teams/7/boards/${free.id}`)).statusCode).toBe(404);
    expect((await post('monday/workspaces/7/boards/99999')).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(jobs)).toHaveLength(0);
  });

  it('waits out a 429 per Retry-After and uploads everything once', async () => {
    const pat = await user();
    const handle = (await connect(pat.auth)).access_token;
    const plan = await template(FREE);
    fake.batchFaults.set(2, 'rate-limit');
    const started = Date.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/asana/teams/7/upload-plan/${plan.id}/database-id/${pat.clientId}`,
      headers: pat.auth,
      payload: { accessToken: handle, workspaceId: '1' },
    });
    expect(res.json().status).toBe(true);
    const job = await waitForJob(ctx.app.db, res.json().job_id, 20_000, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 1 });
    expectExactlyThePlan(plan.plan);
  });

  it('retries after a server error and continues where it stopped, creating nothing twice', async () => {
    const pat = await user();
    const handle = (await connect(pat.auth)).access_token;
    const plan = await template(FREE);
    fake.batchFaults.set(3, 'server-error');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/asana/teams/7/upload-plan/${plan.id}/database-id/${pat.clientId}`,
      headers: pat.auth,
      payload: { accessToken: handle, workspaceId: '1' },
    });
    expect(res.json().status).toBe(true);
    // The first attempt failed and was queued again after its backoff: run it now rather than wait.
    await expect
      .poll(async () => findJob(ctx.app.db, res.json().job_id))
      // The upstream 500 text stays out of the job: the user would read only 'Please try again'.
      .toMatchObject({ status: 'queued', attempts: 1, error: 'Please try again' });
    await ctx.app.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, res.json().job_id));
    expect(await ctx.app.jobs.runner.runOnce(res.json().job_id)).toBe(true);
    expect(await findJob(ctx.app.db, res.json().job_id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expectExactlyThePlan(plan.plan);
  });

  it('a worker that stops mid-upload hands the job back, and another finishes it without duplicates', async () => {
    const pat = await user();
    const handle = (await connect(pat.auth)).access_token;
    const plan = await template(FREE);
    const job = await ctx.app.integrations.enqueueUpload({
      clientId: pat.clientId,
      tool: 'asana',
      handle,
      planId: String(plan.id),
      target: { workspaceId: '1', teamId: '7' },
    });
    const handlers = { [UPLOAD_JOB_KIND]: ctx.app.integrations.uploadHandler };
    const first = createJobRunner({ db: ctx.app.db, handlers, workerId: 'first', leaseMs: 60_000 });
    fake.batchFaults.set(2, 'hang-until-dropped');
    const running = first.runOnce(job.id);
    await expect.poll(() => fake.batchCount).toBe(2);
    // The first instance shuts down: its requests are cut and the job goes back to the queue at once.
    await first.stop();
    await running;
    expect(await findJob(ctx.app.db, job.id)).toMatchObject({ status: 'queued', lockedBy: null, attempts: 0 });
    const recorded = await ctx.app.db.select().from(uploadItems).where(eq(uploadItems.jobId, job.id));
    expect(recorded.length).toBeGreaterThan(1);

    const second = createJobRunner({ db: ctx.app.db, handlers, workerId: 'second', leaseMs: 60_000 });
    expect(await second.runOnce()).toBe(true);
    expect(await findJob(ctx.app.db, job.id)).toMatchObject({ status: 'succeeded', lockedBy: null, attempts: 1 });
    expectExactlyThePlan(plan.plan);
  });
});

describe('following an upload', () => {
  /** Listens on a free port and opens the job's event stream as the browser does (fetch, bearer token). */
  async function openEvents(auth: Record<string, string>, jobId: number) {
    const base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${base}/api/upload-jobs/${jobId}/events`, { headers: auth });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    /** The next event, or null when the stream ended. */
    const next = async (): Promise<{ event: string; data: Record<string, unknown> } | null> => {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end !== -1) {
          const [event] = parseEvents(buffered.slice(0, end + 2));
          buffered = buffered.slice(end + 2);
          if (event) return event;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffered += value;
      }
    };
    return { response, next };
  }

  async function queuedUpload() {
    const pat = await user();
    const handle = (await connect(pat.auth)).access_token;
    const plan = await template(FREE);
    // Queued without being started, so the test decides when the worker runs it.
    const job = await ctx.app.integrations.enqueueUpload({
      clientId: pat.clientId,
      tool: 'asana',
      handle,
      planId: String(plan.id),
      target: { workspaceId: '1', teamId: '7' },
    });
    return { pat, plan, job };
  }

  it('streams the progress of a running job and its outcome, to its owner only', async () => {
    const { pat, plan, job } = await queuedUpload();
    const sam = await user('sam@example.com');
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/upload-jobs/${job.id}/events`,
      headers: sam.auth,
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/upload-jobs/${job.id}/events` });
    expect(anonymous.statusCode).toBe(401);

    const stream = await openEvents(pat.auth, job.id);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    const first = await stream.next();
    expect(first).toMatchObject({ event: 'progress', data: { job_id: job.id, state: 'queued', created: 0 } });
    const total = first!.data.total as number;
    expect(total).toBeGreaterThan(10);

    const running = ctx.app.jobs.runner.runOnce(job.id);
    const seen = [];
    for (let event = await stream.next(); event; event = await stream.next()) seen.push(event);
    await running;
    const done = seen.at(-1)!;
    expect(done).toEqual({
      event: 'done',
      data: {
        job_id: job.id,
        state: 'succeeded',
        status: true,
        message: 'Your plan has been uploaded successfully',
        created: total,
        total,
        project_url: expect.stringMatching(/^https:\/\/app\.asana\.com\/0\/\d+\/list$/),
        // A template has no links between its tasks: nothing a tool did not take.
        skipped: [],
      },
    });
    const counts = seen.map((e) => e.data.created as number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expectExactlyThePlan(plan.plan);
  });

  it('ends open streams when the server closes, so shutdown does not wait for the browser', async () => {
    const { pat, job } = await queuedUpload();
    const stream = await openEvents(pat.auth, job.id);
    expect((await stream.next())?.event).toBe('progress');
    const started = Date.now();
    await ctx.app.close();
    // A close that waited for the browser would not end before the test's own timeout; the bound is generous,
    // so that a loaded machine cannot fail it.
    expect(Date.now() - started).toBeLessThan(10_000);
    // The stream ends without an outcome: the browser opens it again on another instance.
    expect(await stream.next()).toBeNull();
  });

  it('never shows an internal error to the user, only a task tool message meant for them', async () => {
    const { pat, job } = await queuedUpload();
    // The database fails under the job: its own text (a table name) must not reach the user.
    await ctx.app.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.id, job.id));
    await ctx.app.db.execute(sql`alter table upload_items rename to upload_items_away`);
    try {
      await ctx.app.jobs.runner.runOnce(job.id);
    } finally {
      await ctx.app.db.execute(sql`alter table upload_items_away rename to upload_items`);
    }
    const failed = await findJob(ctx.app.db, job.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'Please try again' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/upload-jobs/${job.id}`, headers: pat.auth });
    expect(res.json()).toMatchObject({ state: 'failed', status: false, message: 'Please try again' });
    const stream = await ctx.app.inject({ method: 'GET', url: `/api/upload-jobs/${job.id}/events`, headers: pat.auth });
    expect(parseEvents(stream.body)).toEqual([{ event: 'done', data: expect.objectContaining({ status: false }) }]);
    expect(stream.body).not.toContain('upload_items');

    // A tool's refusal of the request is meant for the user; its server errors and network failures are not.
    expect(uploadFailureMessage(new UpstreamError('asana', 400, 'team: Not a recognized ID', false))).toBe(
      'team: Not a recognized ID',
    );
    expect(uploadFailureMessage(new UpstreamError('asana', 500, 'Server Error', true))).toBe('Please try again');
    expect(
      uploadFailureMessage(new UpstreamError('asana', 0, 'asana could not be reached: connect ECONNREFUSED', true)),
    ).toBe('Please try again');
    expect(uploadFailureMessage(new Error('duplicate key value violates unique constraint'))).toBe('Please try again');
  });
});

describe('feedback after upload', () => {
  it('stores an answer for the signed-in user', async () => {
    const pat = await user();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload-feedback',
      headers: pat.auth,
      payload: { rating: 5, comment: 'Smooth' },
    });
    expect(res.statusCode).toBe(200);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload-feedback',
      headers: pat.auth,
      payload: { rating: 9 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
