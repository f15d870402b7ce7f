import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import {
  claimJob,
  createJobRunner,
  enqueueJob,
  findJob,
  PermanentJobError,
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
          await expect.poll(() => leaseOf(job.id), { timeout: 10_000, interval: 20 }).toBeGreaterThan(claimed);
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
