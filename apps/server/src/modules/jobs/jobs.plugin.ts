import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { type JobEvents, jobEvents } from './jobs.events';
import { createJobRunner, type JobHandler, type JobRetention, type JobRunner, pruneFinishedJobs } from './jobs.service';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      runner: JobRunner;
      /** Runs jobs of `kind` with `handler`; their rows are kept `retention` once finished (ADR 0041). */
      handle(kind: string, handler: JobHandler, retention: JobRetention): void;
      events: JobEvents;
      /** Deletes the finished rows whose retention has passed at `at`; the schedule calls it, tests too. */
      prune(at?: Date): Promise<number>;
    };
  }
}

/** How often an instance deletes the finished job rows whose retention has passed. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The job worker of this instance. Modules add handlers with app.jobs.handle(kind, fn, retention); the worker
 * polls every JOBS_POLL_INTERVAL_MS once the server is ready (0: only runs jobs when asked, as tests do), and
 * prunes finished rows every PRUNE_EVERY_MS. Routes follow a job for the browser with app.jobs.events.
 */
export function registerJobs(app: FastifyInstance): void {
  const handlers: Record<string, JobHandler> = {};
  const retentions: Record<string, JobRetention> = {};
  const runner = createJobRunner({
    db: app.db,
    handlers,
    leaseMs: app.config.JOBS_LEASE_SECONDS * 1000,
    retryBaseMs: app.config.JOBS_RETRY_BASE_MS,
    // Names the instance in the job row, so an operator (or a test) can tell which process holds a job.
    workerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    onError: (job, error) =>
      app.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: error }, 'job attempt failed'),
  });
  const events = jobEvents();
  const prune = (at?: Date) => pruneFinishedJobs(app.db, retentions, at);
  app.decorate('jobs', {
    runner,
    events,
    prune,
    handle(kind: string, handler: JobHandler, retention: JobRetention) {
      handlers[kind] = handler;
      retentions[kind] = retention;
    },
  });
  app.addHook('onReady', async () => runner.start(app.config.JOBS_POLL_INTERVAL_MS));
  app.addHook('preClose', async () => events.close());
  app.addHook('onClose', async () => runner.stop());

  // Without a background worker (tests that run jobs by hand) the tests prune by hand too.
  if (app.config.JOBS_POLL_INTERVAL_MS === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let pruning: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (pruning) return;
      pruning = prune()
        .then((pruned) => app.log.debug({ pruned }, 'finished jobs pruned'))
        .catch((error: unknown) => app.log.warn({ err: error }, 'finished jobs could not be pruned'))
        .finally(() => {
          pruning = null;
        });
    }, PRUNE_EVERY_MS);
    timer.unref();
  });
  // A prune under way ends before the database it deletes from is closed.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await pruning;
  });
}
