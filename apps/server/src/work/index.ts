import { availableParallelism } from 'node:os';
import { MEMBER_BUDGETS, WORK_MESSAGES } from '@dpp/shared';
import type { Config } from '../config/env';
import { AppError } from '../errors';
import { workerEntry } from '../lib/worker-entry';
import { createWorkerPool, type RunOptions, type TaskMap, type WorkerPool, WorkRefusedError } from '../lib/worker-pool';

/** A Buffer a task returned arrives as a plain Uint8Array (structured clone); this is the same bytes as a Buffer. */
export const bufferOf = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The bounds of the pool besides the settings' (WORKER_THREADS, WORKER_TASK_SECONDS, WORKER_MEMORY_MB), from
 * the measurements in ADR 0040.
 */
const QUEUE = {
  /** Tasks waiting for a thread: 50 members with two downloads each, and their archives, fit. */
  MAX: 256,
  /** A task not started within this is refused: the member is told to come back rather than left waiting. */
  MAX_WAIT_MS: 90_000,
} as const;

/**
 * A thread needs about this many times the text it is sent (measured: an archive of 10 MB of JSON rows fits 64 MB
 * and not 32). A task whose input alone would not fit is refused before it is sent: a single allocation past
 * the heap's limit can end the whole process, where many small ones end only the thread.
 */
const MEMORY_PER_INPUT_CHARACTER = 8;

/** When to ask again after each refusal, in seconds. */
const RETRY_AFTER = { BUSY: 30, OWNER_BUSY: 5, TOO_SLOW: 60 } as const;

/**
 * The pool as a caller sees it, typed by the tasks it runs: app.ts holds it with every task of work/tasks.ts, a
 * module names only its own (`HeavyWork<typeof tasks>` over its work.ts), so that the pool knows no module.
 */
export interface HeavyWork<Tasks extends TaskMap> {
  /** Runs a task on a worker thread; a refusal is an AppError in the product's words (429, 413 or 503). */
  run: WorkerPool<Tasks>['run'];
  load: WorkerPool<Tasks>['load'];
  /** The most text a task may be sent (MEMORY_PER_INPUT_CHARACTER); beyond it, refuse with tooLarge(). */
  maxInputCharacters: number;
  close(): Promise<void>;
}

/** The 413 of a task too large for a thread. */
export const tooLarge = () => new AppError('TOO_LARGE', WORK_MESSAGES.TOO_LARGE);

/** Threads for the settings: WORKER_THREADS, or one per core. */
export const threadsFor = (config: Pick<Config, 'WORKER_THREADS'>) => config.WORKER_THREADS || availableParallelism();

/**
 * The worker pool of this process (ADR 0040): every Word, Excel and zip file is built there, and the request
 * and job paths only wait for it. Each member has at most MEMBER_BUDGETS.DOWNLOADS_AT_ONCE tasks in it at once.
 */
export function heavyWork<Tasks extends TaskMap>(
  config: Pick<Config, 'WORKER_THREADS' | 'WORKER_TASK_SECONDS' | 'WORKER_MEMORY_MB'>,
): HeavyWork<Tasks> {
  const pool = createWorkerPool<Tasks>({
    entry: () =>
      workerEntry({
        // Beside main.js in the built server (build.mjs); the TypeScript source otherwise (tests, npm run dev).
        built: new URL('./heavy-work.js', import.meta.url),
        source: new URL('./tasks.ts', import.meta.url),
      }),
    threads: threadsFor(config),
    memoryMb: config.WORKER_MEMORY_MB,
    timeoutMs: config.WORKER_TASK_SECONDS * 1000,
    maxQueue: QUEUE.MAX,
    maxWaitMs: QUEUE.MAX_WAIT_MS,
    perOwner: MEMBER_BUDGETS.DOWNLOADS_AT_ONCE,
    // Below the event loop's priority: with every core building, the server still answers at once.
    niceIncrement: 10,
  });
  const work: HeavyWork<Tasks> = {
    async run(task, input, options?: RunOptions) {
      try {
        return await pool.run(task, input, options);
      } catch (error) {
        throw error instanceof WorkRefusedError ? refusal(error) : error;
      }
    },
    load: pool.load,
    maxInputCharacters: Math.floor((config.WORKER_MEMORY_MB * 1024 * 1024) / MEMORY_PER_INPUT_CHARACTER),
    close: pool.close,
  };
  return work;
}

function refusal(error: WorkRefusedError): AppError {
  switch (error.reason) {
    case 'busy':
      return new AppError('UNAVAILABLE', WORK_MESSAGES.BUSY, undefined, undefined, RETRY_AFTER.BUSY);
    case 'owner-busy':
      return new AppError(
        'RATE_LIMITED',
        WORK_MESSAGES.DOWNLOADS_AT_ONCE(MEMBER_BUDGETS.DOWNLOADS_AT_ONCE),
        undefined,
        undefined,
        RETRY_AFTER.OWNER_BUSY,
      );
    case 'too-slow':
      return new AppError('UNAVAILABLE', WORK_MESSAGES.TOO_SLOW, undefined, undefined, RETRY_AFTER.TOO_SLOW);
    case 'too-large':
      return tooLarge();
  }
}
