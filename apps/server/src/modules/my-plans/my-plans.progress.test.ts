import {
  MY_PLAN_PROGRESS_MESSAGES,
  MY_PLANS_MESSAGES,
  type MyPlan,
  type MyPlanList,
  type MyPlanProgress,
  type MyPlanSendingDetail,
  todayUtc,
} from '@dpp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, type TestContext } from '../../../test/helpers';
import { ageReads, progressReadsEnded, sendCopy, takenCopy, tickInSandbox } from '../../../test/my-plans-progress';
import { jobEnded, startUpload } from '../../../test/remote-plan';
import { type Caller, connectSandboxTool, injectCaller, listeningSimulatorApp } from '../../../test/task-tool-upload';
import { jobs, sandboxObjects } from '../../db/schema';
import type { TaskToolName } from '../../ports/task-tool.port';
import { taskToolConnections } from '../integrations/integrations.tables';
import { findJob } from '../jobs';
import { projectPlans } from '../templates/templates.tables';
import { FOLLOWED_SENDINGS, PROGRESS_JOB_KIND, queueDueReads, recordSending } from './my-plans.progress';
import { memberPlanSends, memberPlans } from './my-plans.tables';

const FREE = 'project-planning-made-easy-with-5-simple-principles';
const TOOLS = ['asana', 'clickup', 'monday'] as const;

let ctx: TestContext;
let app: Caller;
let freeId: number;

beforeAll(async () => {
  // The schedule's reads are queued by the test itself (queueDueReads), so its timer stays off.
  ctx = await listeningSimulatorApp({ JOBS_POLL_INTERVAL_MS: '50', PROGRESS_READ_INTERVAL_MINUTES: '0' });
  app = injectCaller(ctx.app);
  const [free] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, FREE));
  freeId = free!.id;
});
afterAll(() => ctx.close());

type Auth = Record<string, string>;

const member = (email: string) => signedInMember(ctx.app, email);

const inject = (method: 'GET' | 'POST', url: string, auth: Auth) => ctx.app.inject({ method, url, headers: auth });

const readsEnded = (memberPlanId?: number) => progressReadsEnded(ctx.app, memberPlanId);

/** A copy of the free template started `daysAgo` days ago (its first tasks are due in the past), sent to `tool`. */
async function sentCopy(tool: TaskToolName, email: string, daysAgo = 20) {
  const who = await member(email);
  const copy = await takenCopy(ctx.app, who, freeId, daysAgo);
  return { ...who, copy, sending: await sendCopy(ctx.app, who, copy, tool) };
}

const refreshAll = async (auth: Auth, id: number) => {
  const res = await inject('POST', `/api/my-plans/${id}/progress`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MyPlanProgress;
};

/** Refreshes a copy sent once: its one sending's progress. */
async function refresh(auth: Auth, id: number): Promise<MyPlanSendingDetail> {
  const { sendings } = await refreshAll(auth, id);
  expect(sendings).toHaveLength(1);
  return sendings[0]!;
}

const tick = (tool: TaskToolName, remoteId: string) => tickInSandbox(ctx.app, tool, remoteId);
const ageLastRead = (id: number) => ageReads(ctx.app, id);

describe('progress back from the task tool', () => {
  it.each(TOOLS)(
    'follows a copy sent to %s: 3 tasks ticked there are 3 of N done here, late tasks named',
    async (tool) => {
      const { auth, copy, sending } = await sentCopy(tool, `pia-follows-${tool}@example.com`);
      const total = sending.tasks.length;
      expect(total).toBe(copy.plan.sections.reduce((n, s) => n + s.tasks.length, 0));

      // The first read is queued at sending; a Refresh reads at once.
      const before = await refresh(auth, copy.id);
      expect(before).toMatchObject({ state: 'ok', tool, done: 0, total });
      const ticked = sending.tasks.slice(0, 3);
      for (const task of ticked) await tick(tool, task.remoteId);
      await ageLastRead(copy.id);
      const after = await refresh(auth, copy.id);

      expect([after.state, after.done, after.total]).toEqual(['ok', 3, total]);
      expect(after.tasks.filter((t) => t.done).map((t) => t.name)).toEqual(ticked.map((t) => t.name));
      // Started 20 days ago: the open tasks due before today are late, and each is named as such.
      const today = todayUtc();
      const lateNames = after.tasks.filter((t) => !t.done && t.due_on !== null && t.due_on < today).map((t) => t.name);
      expect(lateNames.length).toBeGreaterThan(0);
      expect(after.tasks.filter((t) => t.late).map((t) => t.name)).toEqual(lateNames);
      expect(after.late).toBe(lateNames.length);
      expect(after.next).toMatchObject({ done: false });
      // The burn-up has today's point; the list shows the same figures.
      expect(after.history).toEqual([{ date: today, done: 3, total }]);
      const listed = ((await inject('GET', '/api/my-plans', auth)).json() as MyPlanList).plans.find(
        (p) => p.id === copy.id,
      );
      expect(listed?.sendings).toEqual([
        expect.objectContaining({ state: 'ok', done: 3, total, late: lateNames.length }),
      ]);
    },
  );

  it('says when the tool was disconnected (keeping the last figures) or the project deleted there (keeping none)', async () => {
    const { auth, copy, clientId, sending } = await sentCopy('asana', 'quinn-loses@example.com');
    await tick('asana', sending.tasks[0]!.remoteId);
    await ageLastRead(copy.id);
    expect(await refresh(auth, copy.id)).toMatchObject({ state: 'ok', done: 1 });

    await ctx.app.db.delete(taskToolConnections).where(eq(taskToolConnections.clientId, clientId));
    await ageLastRead(copy.id);
    expect(await refresh(auth, copy.id)).toMatchObject({ state: 'disconnected', done: 1 });

    // Connected again, the project is gone from the tool: every object of it deleted.
    const { handle } = await connectSandboxTool(app, auth, 'asana', 'quinn-loses@example.com');
    expect(handle).toBeTruthy();
    await ctx.app.db.delete(sandboxObjects).where(eq(sandboxObjects.remoteId, sending.projectId));
    await ageLastRead(copy.id);
    const gone = await refresh(auth, copy.id);
    expect(gone).toMatchObject({ state: 'gone', done: 0, total: 0, project_url: null, tasks: [] });
    expect(MY_PLAN_PROGRESS_MESSAGES.GONE('Asana')).toBe('This project was deleted in Asana.');
  });

  it('keeps the last good figures when the tool fails, and is read again after', async () => {
    const { auth, copy, sending } = await sentCopy('clickup', 'rex-fails@example.com');
    await tick('clickup', sending.tasks[1]!.remoteId);
    await ageLastRead(copy.id);
    expect(await refresh(auth, copy.id)).toMatchObject({ state: 'ok', done: 1 });
    await tick('clickup', sending.tasks[2]!.remoteId);
    const armed = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/clickup/faults',
      payload: { kind: '500', after: 0 },
    });
    expect(armed.statusCode).toBe(201);
    await ageLastRead(copy.id);
    expect(await refresh(auth, copy.id)).toMatchObject({ state: 'failed', done: 1 });
    await ctx.app.inject({ method: 'DELETE', url: '/sandbox/clickup/faults' });
    await ageLastRead(copy.id);
    expect(await refresh(auth, copy.id)).toMatchObject({ state: 'ok', done: 2 });
  });

  it('answers a Refresh right after a read with that read, sending nothing to the tool', async () => {
    const { auth, copy, sending } = await sentCopy('monday', 'sam-twice@example.com');
    const first = await refresh(auth, copy.id);
    // As if the first read had only just ended: a second press, or another tab, comes within the gap.
    const justNow = new Date();
    await ctx.app.db.update(memberPlanSends).set({ readAt: justNow }).where(eq(memberPlanSends.memberPlanId, copy.id));
    await tick('monday', sending.tasks[0]!.remoteId);
    const second = await refresh(auth, copy.id);
    expect([second.read_at, second.done]).toEqual([justNow.toISOString(), 0]);
    expect(first.done).toBe(0);
  });

  it('follows a copy sent again as a second sending with its own burn-up, the first one still followed', async () => {
    const { auth, copy, sending, clientId, email } = await sentCopy('asana', 'tess-resends@example.com');
    await tick('asana', sending.tasks[0]!.remoteId);
    await ageLastRead(copy.id);
    expect(await refresh(auth, copy.id)).toMatchObject({ done: 1 });
    const { handle, placeId } = await connectSandboxTool(app, auth, 'asana', email);
    const { jobId } = await startUpload(app, auth, 'asana', {
      handle,
      placeId,
      planId: `my-plan-${copy.id}`,
      clientId,
    });
    expect(await jobEnded(ctx.app.db, jobId)).toMatchObject({ status: 'succeeded' });
    await readsEnded(copy.id);
    const both = (
      await ctx.app.db.select().from(memberPlanSends).where(eq(memberPlanSends.memberPlanId, copy.id))
    ).sort((a, b) => a.id - b.id);
    expect(both.map((s) => s.projectId)).toEqual([sending.projectId, expect.not.stringMatching(sending.projectId)]);
    await ageLastRead(copy.id);
    const [fresh, first] = (await refreshAll(auth, copy.id)).sendings;
    expect([fresh!.done, fresh!.history.length]).toEqual([0, 1]);
    expect([first!.id, first!.done]).toEqual([sending.id, 1]);
  });

  it('is its owner’s only: 404 for another member, none for a copy never sent (Refresh: 404 with a hint), 401 without a session', async () => {
    const { copy } = await sentCopy('asana', 'uma-owner@example.com');
    const other = await member('victor-peeks@example.com');
    for (const method of ['GET', 'POST'] as const) {
      const res = await inject(method, `/api/my-plans/${copy.id}/progress`, other.auth);
      expect([res.statusCode, res.json().error.message]).toEqual([404, MY_PLANS_MESSAGES.NOT_FOUND]);
      expect((await ctx.app.inject({ method, url: `/api/my-plans/${copy.id}/progress` })).statusCode).toBe(401);
    }
    const unsent = await ctx.app.inject({
      method: 'POST',
      url: '/api/my-plans',
      headers: other.auth,
      payload: { source: 'template', templateId: freeId },
    });
    const unsentId = (unsent.json() as MyPlan).id;
    const res = await inject('GET', `/api/my-plans/${unsentId}/progress`, other.auth);
    expect([res.statusCode, res.json()]).toEqual([200, { sendings: [] }]);
    const pressed = await inject('POST', `/api/my-plans/${unsentId}/progress`, other.auth);
    expect([pressed.statusCode, pressed.json().error.message]).toEqual([404, MY_PLAN_PROGRESS_MESSAGES.NOT_SENT]);
  });

  it('is read on the schedule: each due sending queued once, however many instances tick at once', async () => {
    const { copy, clientId, sending } = await sentCopy('asana', 'wes-scheduled@example.com');
    // Every earlier test's reads have ended too: a read moves its sending's next read on itself.
    await readsEnded();
    // The moment every sending is due. This app's job runner reads what the ticks queue, and a read that ends sets
    // its sending's next read an interval after its end, which is past this moment: a read ending between the ticks
    // cannot make its sending due again and be taken for one queued twice.
    const nextReads = (await ctx.app.db.select().from(memberPlanSends)).map((s) => s.nextReadAt.getTime());
    const later = new Date(Math.max(...nextReads));
    const [a, b] = await Promise.all([
      queueDueReads(ctx.app.db, 3_600_000, later),
      queueDueReads(ctx.app.db, 3_600_000, later),
    ]);
    // Every sending of this file is due by then; between the two ticks, each was queued exactly once.
    const sent = await ctx.app.db.select().from(memberPlanSends);
    expect(a + b).toBe(sent.length);
    const [row] = await ctx.app.db.select().from(memberPlanSends).where(eq(memberPlanSends.memberPlanId, copy.id));
    // Claimed by a tick: its next read an interval after the tick, until its read ends and sets it itself.
    if (row!.readingSince) expect(row!.nextReadAt.getTime()).toBe(later.getTime() + 3_600_000);
    else expect(row!.nextReadAt.getTime()).toBeGreaterThan(later.getTime());
    const [queued] = (await ctx.app.db.select().from(jobs).where(eq(jobs.kind, PROGRESS_JOB_KIND)))
      .filter((j) => (j.payload as { memberPlanId: number }).memberPlanId === copy.id)
      .sort((x, y) => y.id - x.id);
    expect(await jobEnded(ctx.app.db, queued!.id)).toMatchObject({ status: 'succeeded' });
    // Another tick at the same moment, once this sending's read has ended and others' may still be under way: none
    // is queued again.
    expect(await queueDueReads(ctx.app.db, 3_600_000, later)).toBe(0);
    expect((await findJob(ctx.app.db, queued!.id))?.payload).toEqual({
      clientId,
      memberPlanId: copy.id,
      sendId: sending.id,
    });
  });

  it(`follows the latest ${FOLLOWED_SENDINGS} sendings of a copy, and records a sending told twice once`, async () => {
    const { copy, clientId, sending } = await sentCopy('asana', 'yuri-sends-often@example.com');
    const sent = (n: number) => ({
      tool: 'asana',
      at: new Date(sending.sentAt.getTime() + n * 1000),
      url: null,
      projectId: `${sending.projectId}-${n}`,
      tasks: sending.tasks.map((t) => ({ ...t, taskId: t.taskId ?? null })),
    });
    for (let n = 1; n <= FOLLOWED_SENDINGS; n++) await recordSending(ctx.app.db, clientId, copy.id, sent(n), 60_000);
    await recordSending(ctx.app.db, clientId, copy.id, sent(FOLLOWED_SENDINGS), 60_000);
    await readsEnded(copy.id);
    const kept = await ctx.app.db.select().from(memberPlanSends).where(eq(memberPlanSends.memberPlanId, copy.id));
    // The first sending (the real upload) stopped being followed; the one told twice is there once.
    expect(kept.map((s) => s.projectId).sort()).toEqual(
      Array.from({ length: FOLLOWED_SENDINGS }, (_, i) => `${sending.projectId}-${i + 1}`).sort(),
    );
  });

  it('keeps nothing, and queues no read, for a copy deleted before its upload ended', async () => {
    const { copy, clientId, sending } = await sentCopy('asana', 'xena-deletes@example.com');
    await ctx.app.db.delete(memberPlans).where(eq(memberPlans.id, copy.id));
    const queued = async () =>
      (await ctx.app.db.select().from(jobs).where(eq(jobs.kind, PROGRESS_JOB_KIND))).filter(
        (j) => (j.payload as { memberPlanId: number }).memberPlanId === copy.id,
      ).length;
    const before = await queued();
    await recordSending(
      ctx.app.db,
      clientId,
      copy.id,
      {
        ...sending,
        tool: 'asana',
        at: new Date(),
        url: null,
        tasks: sending.tasks.map((t) => ({ ...t, taskId: t.taskId ?? null })),
      },
      60_000,
    );
    expect(await ctx.app.db.select().from(memberPlanSends).where(eq(memberPlanSends.memberPlanId, copy.id))).toEqual(
      [],
    );
    expect(await queued()).toBe(before);
  });
});
