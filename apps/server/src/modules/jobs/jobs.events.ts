import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sseEvent } from '../../lib/sse';
import type { JobRow } from './jobs.service';

/** How often a job's event stream looks at the job row: any instance may be running it, so the row is the truth. */
const POLL_MS = 500;
/** A comment line this often keeps proxies from closing a stream that has nothing new to say. */
const HEARTBEAT_MS = 15_000;

/** A job as its owner sees it: the row, and the body its events carry. */
interface JobState<T> {
  job: JobRow;
  answer: T;
}

export const isFinished = (job: JobRow) => job.status === 'succeeded' || job.status === 'failed';

export interface JobEvents {
  /**
   * A job's progress as server-sent events: `progress` with the answer whenever it changes, then one `done` when
   * the job has succeeded or failed, and the end. `read` is asked again every POLL_MS. The stream ends early,
   * without `done`, when `signal` aborts (the browser left) or the server closes; the browser then opens it again.
   */
  follow<T>(
    first: JobState<T>,
    read: () => Promise<JobState<T>>,
    options: { signal: AbortSignal; log: FastifyBaseLogger },
  ): AsyncGenerator<string>;
  /** Ends every stream, so that closing the server does not wait for browsers to leave. */
  close(): void;
}

export function jobEvents(): JobEvents {
  const closing = new AbortController();
  return {
    async *follow(first, read, options) {
      const signal = AbortSignal.any([options.signal, closing.signal]);
      let state = first;
      let last = '';
      let quietSince = Date.now();
      try {
        for (;;) {
          if (isFinished(state.job)) {
            yield sseEvent('done', state.answer);
            return;
          }
          const shown = JSON.stringify(state.answer);
          if (shown !== last) {
            last = shown;
            quietSince = Date.now();
            yield sseEvent('progress', state.answer);
          } else if (Date.now() - quietSince >= HEARTBEAT_MS) {
            quietSince = Date.now();
            yield ': still running\n\n';
          }
          await sleep(POLL_MS, undefined, { signal }).catch(() => undefined);
          if (signal.aborted) return;
          state = await read();
        }
      } catch (error) {
        // The browser opens the stream again; the job itself is not affected.
        if (!signal.aborted) options.log.warn({ err: error, jobId: state.job.id }, 'job event stream failed');
      }
    },
    close: () => closing.abort(),
  };
}
