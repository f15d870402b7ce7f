import { MEMBER_BUDGETS, MY_PLAN_PROGRESS_MESSAGES, type MyPlan, type MyPlanProgress, tryAgainIn } from '@dpp/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, signedInMember, type TestContext } from '../../../test/helpers';
import { ageReads, type Member, sendCopy, takenCopy } from '../../../test/my-plans-progress';
import { listeningSimulatorApp } from '../../../test/task-tool-upload';
import type { TaskToolName } from '../../ports/task-tool.port';
import { projectPlans } from '../templates/templates.tables';
import { queueDueReads } from './my-plans.progress';
import { memberPlanSends } from './my-plans.tables';

/**
 * Refresh under concurrency: however many Refreshes of one copy arrive at once, on however many instances, the
 * tool is read once and every one of them is answered from that read. Two app instances share the database
 * (a second one built on the first one's), as instances behind a load balancer do; each keeps its own memory.
 */
const FREE = 'project-planning-made-easy-with-5-simple-principles';
const TOOL: TaskToolName = 'clickup';

let ctx: TestContext;
let second: FastifyInstance;
let freeId: number;
/** The tool's reads of progress, by both instances: how many started, and the most in flight at once. */
const reads = { started: 0, inFlight: 0, mostAtOnce: 0 };

/** How long a read of the tool takes at least: a real tool's answers take this long, so reads overlap. */
const READ_MS = 300;

/** Counts every read of progress the instance's ClickUp adapter makes, each as slow as a real tool's. */
function countReads(app: FastifyInstance) {
  const adapter = app.adapters.taskTools[TOOL];
  const read = adapter.readProgress.bind(adapter);
  adapter.readProgress = async (...args) => {
    reads.started += 1;
    reads.inFlight += 1;
    reads.mostAtOnce = Math.max(reads.mostAtOnce, reads.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, READ_MS));
      return await read(...args);
    } finally {
      reads.inFlight -= 1;
    }
  };
}

beforeAll(async () => {
  const env = { JOBS_POLL_INTERVAL_MS: '50', PROGRESS_READ_INTERVAL_MINUTES: '0' };
  ctx = await listeningSimulatorApp(env);
  second = await anotherInstance(ctx.app, env);
  countReads(ctx.app);
  countReads(second);
  const [free] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.slug, FREE));
  freeId = free!.id;
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

type Auth = Record<string, string>;

/** A member's copy of the free template, sent to ClickUp, its first read (queued at sending) ended. */
async function sentCopy(email: string, who?: Member) {
  const member = who ?? (await signedInMember(ctx.app, email));
  const copy = await takenCopy(ctx.app, member, freeId, 10);
  await sendCopy(ctx.app, member, copy, TOOL);
  return { ...member, copy };
}

const ageLastRead = (id: number) => ageReads(ctx.app, id);

const refresh = (app: FastifyInstance, auth: Auth, id: number) =>
  app.inject({ method: 'POST', url: `/api/my-plans/${id}/progress`, headers: auth });

/** `count` Refreshes of one copy at once, every other one to the second instance. */
const refreshesAtOnce = (auth: Auth, id: number, count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => refresh(i % 2 === 0 ? ctx.app : second, auth, id)));

const startedSince = (before: number) => reads.started - before;

describe('Refresh of progress under concurrency', () => {
  it('reads the tool once for many Refreshes of one copy at once on two instances, each answered from that read', async () => {
    const { auth, copy } = await sentCopy('rhea-presses@example.com');
    await ageLastRead(copy.id);
    const before = reads.started;
    reads.mostAtOnce = 0;

    const answers = await refreshesAtOnce(auth, copy.id, 30);

    expect(startedSince(before)).toBe(1);
    expect(reads.mostAtOnce).toBe(1);
    const accepted = answers.filter((a) => a.statusCode === 200).map((a) => (a.json() as MyPlanProgress).sendings[0]!);
    // Every accepted Refresh is answered from the one read: the same figures, read at the same moment.
    const [sending] = await ctx.app.db.select().from(memberPlanSends).where(eq(memberPlanSends.memberPlanId, copy.id));
    expect(new Set(accepted.map((a) => a.read_at))).toEqual(new Set([sending!.readAt!.toISOString()]));
    expect(accepted.every((a) => a.state === 'ok')).toBe(true);
    // The rest are beyond the member's budget, each refused with when to try again.
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(accepted.length).toBeGreaterThanOrEqual(MEMBER_BUDGETS.REFRESHES_PER_MINUTE);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 120_000);

  it('answers Refreshes just after a read with that read, however many arrive at once', async () => {
    const { auth, copy } = await sentCopy('sol-again@example.com');
    await ageLastRead(copy.id);
    const before = reads.started;

    const first = await refreshesAtOnce(auth, copy.id, 4);
    // The read has ended; these arrive within PROGRESS_MIN_READ_GAP_MS of it.
    const next = await refreshesAtOnce(auth, copy.id, 4);

    expect(startedSince(before)).toBe(1);
    const readAt = new Set([...first, ...next].map((a) => (a.json() as MyPlanProgress).sendings[0]!.read_at));
    expect(readAt.size).toBe(1);
    // Past the gap, the next Refresh reads again.
    await ageLastRead(copy.id);
    expect((await refresh(second, auth, copy.id)).statusCode).toBe(200);
    expect(startedSince(before)).toBe(2);
  });

  it('waits for a read another instance has under way, then answers it, sending nothing to the tool', async () => {
    const { auth, copy } = await sentCopy('tam-waits@example.com');
    await ageLastRead(copy.id);
    // Another instance claimed the read a moment ago and is reading.
    const claimedAt = new Date();
    await ctx.app.db
      .update(memberPlanSends)
      .set({ readingSince: claimedAt })
      .where(eq(memberPlanSends.memberPlanId, copy.id));
    const before = reads.started;
    const pressed = refresh(ctx.app, auth, copy.id);
    // That read ends: it keeps what it read and lets the claim go.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const readAt = new Date();
    await ctx.app.db
      .update(memberPlanSends)
      .set({ readingSince: null, readAt })
      .where(eq(memberPlanSends.memberPlanId, copy.id));
    const answer = await pressed;
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as MyPlanProgress).sendings[0]!.read_at).toBe(readAt.toISOString());
    expect(startedSince(before)).toBe(0);
    // Nor does the schedule queue a read while one is under way.
    await ctx.app.db
      .update(memberPlanSends)
      .set({ readingSince: new Date(), nextReadAt: new Date(Date.now() - 1000) })
      .where(eq(memberPlanSends.memberPlanId, copy.id));
    const [row] = await ctx.app.db.select().from(memberPlanSends).where(eq(memberPlanSends.memberPlanId, copy.id));
    await queueDueReads(ctx.app.db, 3_600_000, new Date());
    const [after] = await ctx.app.db.select().from(memberPlanSends).where(eq(memberPlanSends.memberPlanId, copy.id));
    expect(after!.nextReadAt).toEqual(row!.nextReadAt);
  });

  it('takes over a read whose instance died while reading', async () => {
    const { auth, copy } = await sentCopy('uri-takes-over@example.com');
    await ageLastRead(copy.id);
    // Claimed long ago and never ended: the instance that claimed it is gone.
    await ctx.app.db
      .update(memberPlanSends)
      .set({ readingSince: new Date(Date.now() - 60 * 60_000) })
      .where(eq(memberPlanSends.memberPlanId, copy.id));
    const before = reads.started;
    const answer = await refresh(second, auth, copy.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(startedSince(before)).toBe(1);
    const [row] = await ctx.app.db.select().from(memberPlanSends).where(eq(memberPlanSends.memberPlanId, copy.id));
    expect(row!.readingSince).toBeNull();
  });
});

describe("a member's budget of Refreshes", () => {
  it('refuses Refreshes past the budget a minute, across copies, saying when to try again; others are unaffected', async () => {
    const first = await sentCopy('val-budget@example.com');
    const other = await sentCopy('', first);
    const perMinute = MEMBER_BUDGETS.REFRESHES_PER_MINUTE;
    for (let i = 0; i < perMinute; i++) {
      const answer = await refresh(ctx.app, first.auth, i % 2 === 0 ? first.copy.id : other.copy.id);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const refused = await refresh(ctx.app, first.auth, other.copy.id);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json().error.message).toBe(
      MY_PLAN_PROGRESS_MESSAGES.REFRESHES_PER_MINUTE(perMinute, tryAgainIn(wait)),
    );
    // Another member's Refresh is not refused (their copy was never sent: the usual 404).
    const someoneElse = await signedInMember(ctx.app, 'wyn-unaffected@example.com');
    const unsent = await ctx.app.inject({
      method: 'POST',
      url: '/api/my-plans',
      headers: someoneElse.auth,
      payload: { source: 'template', templateId: freeId },
    });
    const theirs = await refresh(ctx.app, someoneElse.auth, (unsent.json() as MyPlan).id);
    expect([theirs.statusCode, theirs.json().error.message]).toEqual([404, MY_PLAN_PROGRESS_MESSAGES.NOT_SENT]);
  });
});
