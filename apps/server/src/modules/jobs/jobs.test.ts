import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import { uploadItems } from '../integrations/integrations.tables';
import {
  claimJob,
  createJobRunner,
  enqueueJob,
  findJob,
  PermanentJobError,
  pruneFinishedJobs,
  RetryLaterError,
  renewLease,
} from './jobs.service';
import { jobs } from './jobs.tables';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await buildTestApp({ JOBS_POLL_INTERVAL_MS: '0' });
});
afterEach(async () => {
  await ctx.close();
});

const expireLease = (id: number) =>
  ctx.app.db.update(jobs).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));

describe('jobs', () => {
  it('runs a queued job once and stores its result', async () => {
    const { db } = ctx.app;
    const seen: unknown[] = [];
    const echo = async (job: { payload: unknown }) => {
      seen.push(job.payload);
      return { ok: 1 };
    };
    const runner = createJobRunner({ db, handlers: { echo } });
    const job = await enqueueJob(db, 'echo', { n: 1 });
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(false);
    const done = await findJob(db, job.id);
    expect(seen).toEqual([{ n: 1 }]);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, result: { ok: 1 }, lockedBy: null });
  });

  it('never gives one job to two workers while its lease holds, and lets another take it over after', async () => {
    const { db } = ctx.app;
    const job = await enqueueJob(db, 'echo', {});
    const first = await claimJob(db, { workerId: 'a', leaseMs: 60_000, kinds: ['echo'] });
    expect(first?.id).toBe(job.id);
    expect(await claimJob(db, { workerId: 'b', leaseMs: 60_000, kinds: ['echo'] })).toBeNull();
    expect(await renewLease(db, job.id, 'a', 60_000)).toBe(true);
    await expireLease(job.id);
    const takeover = await claimJob(db, { workerId: 'b', leaseMs: 60_000, kinds: ['echo'] });
    expect(takeover).toMatchObject({ id: job.id, lockedBy: 'b', attempts: 2 });
    // The first worker has lost it: its renewal says so, and it cannot finish the row.
    expect(await renewLease(db, job.id, 'a', 60_000)).toBe(false);
  });

  it('claims only due jobs of known kinds, oldest first', async () => {
    const { db } = ctx.app;
    await enqueueJob(db, 'other', {});
    await enqueueJob(db, 'echo', {}, { runAt: new Date(Date.now() + 60_000) });
    const due = await enqueueJob(db, 'echo', {});
    expect((await claimJob(db, { workerId: 'a', leaseMs: 1000, kinds: ['echo'] }))?.id).toBe(due.id);
    expect(await claimJob(db, { workerId: 'a', leaseMs: 1000, kinds: ['echo'] })).toBeNull();
  });

  it('retries a failing job later with backoff, and fails it after the last attempt', async () => {
    const { db } = ctx.app;
    const runner = createJobRunner({
      db,
      handlers: {
        flaky: async () => {
          throw new Error('upstream 503');
        },
      },
    });
    const job = await enqueueJob(db, 'flaky', {}, { maxAttempts: 2 });
    const before = Date.now();
    await runner.runOnce();
    const retried = await findJob(db, job.id);
    expect(retried).toMatchObject({ status: 'queued', attempts: 1, error: 'upstream 503' });
    expect(retried!.runAt.getTime()).toBeGreaterThanOrEqual(before + 1500);
    expect(await runner.runOnce()).toBe(false);
    await db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, job.id));
    await runner.runOnce();
    expect(await findJob(db, job.id)).toMatchObject({ status: 'failed', attempts: 2, error: 'upstream 503' });
  });

  it('fails at once on a permanent error and reschedules without spending an attempt on retry-later', async () => {
    const { db } = ctx.app;
    const runner = createJobRunner({
      db,
      handlers: {
        bad: async () => {
          throw new PermanentJobError('invalid workspace');
        },
        limited: async () => {
          throw new RetryLaterError('rate limited', 90_000);
        },
      },
    });
    const bad = await enqueueJob(db, 'bad', {});
    const limited = await enqueueJob(db, 'limited', {}, { maxAttempts: 1 });
    await runner.runOnce(bad.id);
    await runner.runOnce(limited.id);
    expect(await findJob(db, bad.id)).toMatchObject({ status: 'failed', attempts: 1, error: 'invalid workspace' });
    const later = await findJob(db, limited.id);
    expect(later).toMatchObject({ status: 'queued', attempts: 0 });
    expect(later!.runAt.getTime()).toBeGreaterThan(Date.now() + 80_000);
  });

  it('renews the lease while a long job runs', async () => {
    const { db } = ctx.app;
    const leases: { claimed?: number; renewed?: number } = {};
    const leaseOf = async (id: number) => (await findJob(db, id))!.leaseUntil!.getTime();
    const runner = createJobRunner({
      db,
      leaseMs: 300,
      handlers: {
        // The job runs until the runner has moved its lease on (or the poll gives up and the test fails).
        slow: async (job) => {
          const claimed = await leaseOf(job.id);
          leases.claimed = claimed;
          await expect.poll(() => leaseOf(job.id), { interval: 20 }).toBeGreaterThan(claimed);
          leases.renewed = await leaseOf(job.id);
        },
      },
    });
    const job = await enqueueJob(db, 'slow', {});
    await runner.runOnce();
    expect(leases.renewed).toBeGreaterThan(leases.claimed!);
    expect((await findJob(db, job.id))!.status).toBe('succeeded');
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A job of `kind` left as `status`: finished now (succeeded, failed) by the database's clock, or still to do. */
async function jobLeft(kind: string, status: 'queued' | 'running' | 'succeeded' | 'failed', payload: object = {}) {
  const job = await enqueueJob(ctx.app.db, kind, payload);
  const finished = status === 'succeeded' || status === 'failed';
  await ctx.app.db
    .update(jobs)
    .set({ status, attempts: 1, ...(finished && { finishedAt: sql`now()` as unknown as Date }) })
    .where(eq(jobs.id, job.id));
  return job.id;
}

/** Which of these jobs are still there. */
const left = async (ids: number[]) =>
  (await ctx.app.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, ids))).map((r) => r.id).sort();

describe('finished jobs pruned', () => {
  it("deletes a kind's finished rows once its retention has passed at the given time, and nothing else", async () => {
    const { db } = ctx.app;
    const succeeded = await jobLeft('read', 'succeeded');
    const failedForGood = await jobLeft('read', 'failed');
    // A failed attempt to be retried is queued, not failed: it is work still to do, as a running one.
    const retrying = await jobLeft('read', 'queued');
    const running = await jobLeft('read', 'running');
    const keptAlways = await jobLeft('record', 'succeeded');
    const unnamed = await jobLeft('other', 'succeeded');
    const all = [succeeded, failedForGood, retrying, running, keptAlways, unnamed];
    const retentions = { read: DAY, record: 'always' as const };
    const now = Date.now();

    expect(await pruneFinishedJobs(db, retentions, new Date(now + DAY - HOUR))).toBe(0);
    expect(await left(all)).toEqual([...all].sort());

    expect(await pruneFinishedJobs(db, retentions, new Date(now + DAY + HOUR))).toBe(2);
    expect(await left(all)).toEqual([retrying, running, keptAlways, unnamed].sort());
    // Years later, what is kept always or named by no retention is still there.
    await pruneFinishedJobs(db, retentions, new Date(now + 3650 * DAY));
    expect(await left(all)).toEqual([retrying, running, keptAlways, unnamed].sort());
  });

  it("keeps each of the product's kinds as long as what reads it needs: uploads for good", async () => {
    const { db } = ctx.app;
    const read = await jobLeft('my-plan-progress', 'succeeded', { clientId: 1, memberPlanId: 1 });
    const mail = await jobLeft('identity.password-reset-mail', 'succeeded', { email: 'a@example.com' });
    const archive = await jobLeft('my-data.export', 'failed', { exportId: 1, clientId: 1 });
    const upload = await jobLeft('task-tool-upload', 'succeeded', { clientId: 1, planId: '7', tool: 'asana' });
    await db.insert(uploadItems).values({ jobId: upload, itemKey: 's0', remoteId: 'r1' });
    const now = Date.now();

    // The app's own retentions, as its schedule prunes: a day for reads, a week for mails, 8 days for archives.
    await ctx.app.jobs.prune(new Date(now + 2 * DAY));
    expect(await left([read, mail, archive, upload])).toEqual([mail, archive, upload].sort());
    await ctx.app.jobs.prune(new Date(now + 7 * DAY + HOUR));
    expect(await left([mail, archive, upload])).toEqual([archive, upload].sort());
    await ctx.app.jobs.prune(new Date(now + 9 * DAY));
    expect(await left([archive, upload])).toEqual([upload]);
    // The upload and its ledger stay: the insights and the CRM's tag read them for good.
    await ctx.app.jobs.prune(new Date(now + 3650 * DAY));
    expect(await left([upload])).toEqual([upload]);
    expect(await db.select().from(uploadItems).where(eq(uploadItems.jobId, upload))).toHaveLength(1);
  });
});
