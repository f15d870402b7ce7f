import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from './jobs.tables';

export type JobRow = typeof jobs.$inferSelect;

/** Thrown by a handler when retrying cannot help (bad input, revoked access): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** Thrown by a handler to be run again after a delay without spending an attempt (a long rate-limit wait). */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'RetryLaterError';
  }
}

interface JobContext {
  /** Aborted when this worker lost its lease (another instance took the job over) or is stopping. */
  signal: AbortSignal;
}

export type JobHandler = (job: JobRow, context: JobContext) => Promise<unknown>;

interface EnqueueOptions {
  maxAttempts?: number;
  runAt?: Date;
}

export async function enqueueJob(db: Database, kind: string, payload: unknown, options: EnqueueOptions = {}) {
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      ...(options.maxAttempts !== undefined && { maxAttempts: options.maxAttempts }),
      ...(options.runAt && { runAt: options.runAt }),
    })
    .returning();
  return row!;
}

export async function findJob(db: Database, id: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row ?? null;
}

/** Exponential backoff with a cap: 2, 4, 8 ... times the base (1 s by default), at most 5 minutes. */
const backoffMs = (attempts: number, baseMs = 1000) => Math.min(2 ** Math.max(attempts, 1) * baseMs, 5 * 60_000);

interface ClaimOptions {
  workerId: string;
  leaseMs: number;
  kinds: string[];
  /** Claim this job only (the instance that enqueued it runs it at once when it is free). */
  jobId?: number;
}

/**
 * Takes one runnable job: queued and due, or running with an expired lease (its worker died). Row locks
 * with SKIP LOCKED let many instances claim at once without waiting on each other or taking the same row.
 */
export async function claimJob(db: Database, options: ClaimOptions): Promise<JobRow | null> {
  if (options.kinds.length === 0) return null;
  return db.transaction(async (tx) => {
    const runnable = or(
      and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
      and(eq(jobs.status, 'running'), lte(jobs.leaseUntil, sql`now()`)),
    );
    const [candidate] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(runnable, inArray(jobs.kind, options.kinds), options.jobId ? eq(jobs.id, options.jobId) : undefined))
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return null;
    const [claimed] = await tx
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: options.workerId,
        leaseUntil: sql`now() + ${`${options.leaseMs} milliseconds`}::interval`,
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, candidate.id))
      .returning();
    return claimed ?? null;
  });
}

/** Extends the lease; false when the job is no longer ours (taken over after our lease expired). */
export async function renewLease(db: Database, id: number, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

async function finish(db: Database, job: JobRow, workerId: string, values: Partial<typeof jobs.$inferInsert>) {
  await db
    .update(jobs)
    .set({ ...values, lockedBy: null, leaseUntil: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
}

interface JobRunnerOptions {
  db: Database;
  /** Handlers by job kind; modules may add theirs after the runner is created. */
  handlers: Record<string, JobHandler>;
  leaseMs?: number;
  /** The first retry waits twice this, the next four times, and so on. */
  retryBaseMs?: number;
  workerId?: string;
  onError?: (job: JobRow, error: unknown) => void;
}

export interface JobRunner {
  readonly workerId: string;
  /** Claims and runs one job (a given one when jobId is set); false when nothing was runnable. */
  runOnce(jobId?: number): Promise<boolean>;
  /** Runs jobs every intervalMs until stop(). */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  async function run(job: JobRow): Promise<void> {
    const handler = handlers[job.kind]!;
    const lost = new AbortController();
    const onStop = () => lost.abort(new Error('worker stopping'));
    stopping.signal.addEventListener('abort', onStop, { once: true });
    const renewal = setInterval(
      () => {
        renewLease(db, job.id, workerId, leaseMs)
          .then((ours) => {
            if (!ours) lost.abort(new Error('lease lost'));
          })
          .catch(() => {
            // A failed renewal is retried at the next tick; the lease is long enough for that.
          });
      },
      Math.max(Math.floor(leaseMs / 3), 10),
    );
    try {
      const result = await handler(job, { signal: lost.signal });
      await finish(db, job, workerId, {
        status: 'succeeded',
        result: result ?? null,
        error: null,
        finishedAt: sql`now()` as unknown as Date,
      });
    } catch (error) {
      options.onError?.(job, error);
      if (lost.signal.aborted) {
        // Shutting down: hand the job back at once, without spending an attempt, so another instance goes on
        // now instead of when the lease runs out. A worker that lost its lease leaves the row to its new holder
        // (finish() only touches a row this worker still holds).
        if (stopping.signal.aborted) {
          await finish(db, job, workerId, { status: 'queued', attempts: job.attempts - 1, runAt: new Date() });
        }
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryLaterError) {
        await finish(db, job, workerId, {
          status: 'queued',
          error: message,
          attempts: job.attempts - 1,
          runAt: new Date(Date.now() + error.delayMs),
        });
      } else if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        await finish(db, job, workerId, {
          status: 'failed',
          error: message,
          finishedAt: sql`now()` as unknown as Date,
        });
      } else {
        await finish(db, job, workerId, {
          status: 'queued',
          error: message,
          runAt: new Date(Date.now() + backoffMs(job.attempts, retryBaseMs)),
        });
      }
    } finally {
      clearInterval(renewal);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  const runner: JobRunner = {
    workerId,
    async runOnce(jobId) {
      if (stopping.signal.aborted) return false;
      const kinds = Object.keys(handlers);
      const job = await claimJob(db, { workerId, leaseMs, kinds, ...(jobId !== undefined && { jobId }) });
      if (!job) return false;
      const work = run(job);
      running.add(work);
      try {
        await work;
      } finally {
        running.delete(work);
      }
      return true;
    },
    start(intervalMs) {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(() => {
        if (polling) return;
        polling = true;
        runner
          .runOnce()
          .catch(() => {
            // The database may be briefly unreachable; the next tick tries again.
          })
          .finally(() => {
            polling = false;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping.abort();
      await Promise.allSettled([...running]);
    },
  };
  return runner;
}

/** Waits until a job has finished (succeeded or failed), polling its row; null after the timeout. */
export async function waitForJob(db: Database, id: number, timeoutMs: number, pollMs = 250): Promise<JobRow | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await findJob(db, id);
    if (job && (job.status === 'succeeded' || job.status === 'failed')) return job;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Whether a job of this kind succeeded with these payload fields (compared as text). */
export async function hasSucceededJob(db: Database, kind: string, payload: Record<string, string>): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, kind),
        eq(jobs.status, 'succeeded'),
        ...Object.entries(payload).map(([field, value]) => sql`${jobs.payload}->>${field}::text = ${value}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * How long the rows of a kind of job are kept once finished (succeeded, or failed for good), in milliseconds, or
 * 'always' when something reads them for good. Each module says so of its own kinds, from what reads them.
 */
export type JobRetention = number | 'always';

/** Finished rows deleted per statement: a large backlog goes in short statements, not one long lock. */
const PRUNE_BATCH = 1_000;
/** Statements per kind at one prune: what is left waits for the next one. */
const PRUNE_MAX_BATCHES = 20;

/**
 * Deletes the finished rows of each kind whose retention has passed at `at`: succeeded, or failed for good (a
 * failed attempt to be retried is queued, not failed). Kinds kept always, and kinds not named, are left alone.
 * Rows another instance is deleting are skipped, not waited for. Answers how many rows went.
 */
export async function pruneFinishedJobs(
  db: Database,
  retentions: Record<string, JobRetention>,
  at: Date = new Date(),
): Promise<number> {
  let pruned = 0;
  for (const [kind, retention] of Object.entries(retentions)) {
    if (retention === 'always') continue;
    const before = new Date(at.getTime() - retention);
    for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch++) {
      const expired = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, kind),
            // Created before it finished: this bound lets the kind's (kind, created_at) index find the rows.
            lte(jobs.createdAt, before),
            inArray(jobs.status, ['succeeded', 'failed']),
            lte(jobs.finishedAt, before),
          ),
        )
        .limit(PRUNE_BATCH)
        .for('update', { skipLocked: true });
      const deleted = await db.delete(jobs).where(inArray(jobs.id, expired)).returning({ id: jobs.id });
      pruned += deleted.length;
      if (deleted.length < PRUNE_BATCH) break;
    }
  }
  return pruned;
}

/** Jobs still to do: finished ones (succeeded, failed) are history, not queue. */
const QUEUED_STATUSES = ['queued', 'running'] as const;

/** How many jobs wait or run, of each kind in each status (the metrics' queue depth); pairs with none are left out. */
export const countQueuedJobs = (db: Database) => countJobs(db, QUEUED_STATUSES);

/** How many jobs there are of each kind in each of these statuses; pairs with none are left out. */
async function countJobs(
  db: Database,
  statuses: readonly string[],
): Promise<{ kind: string; status: string; count: number }[]> {
  const result = await db.execute<{ kind: string; status: string; count: number }>(
    sql`select ${jobs.kind} as kind, ${jobs.status} as status, count(*)::int as count from ${jobs}
        where ${jobs.status} in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )}) group by 1, 2`,
  );
  return (result as unknown as { rows: { kind: string; status: string; count: number }[] }).rows;
}
