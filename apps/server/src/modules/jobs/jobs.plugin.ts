import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { type JobEvents, jobEvents } from './jobs.events';
import { createJobRunner, type JobHandler, type JobRunner } from './jobs.service';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: { runner: JobRunner; handle(kind: string, handler: JobHandler): void; events: JobEvents };
  }
}

/**
 * The job worker of this instance. Modules add handlers with app.jobs.handle(kind, fn); the worker polls
 * every JOBS_POLL_INTERVAL_MS once the server is ready (0: only runs jobs when asked, as tests do). Routes follow
 * a job for the browser with app.jobs.events.
 */
export function registerJobs(app: FastifyInstance): void {
  const handlers: Record<string, JobHandler> = {};
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
  app.decorate('jobs', {
    runner,
    events,
    handle(kind: string, handler: JobHandler) {
      handlers[kind] = handler;
    },
  });
  app.addHook('onReady', async () => runner.start(app.config.JOBS_POLL_INTERVAL_MS));
  app.addHook('preClose', async () => events.close());
  app.addHook('onClose', async () => runner.stop());
}
