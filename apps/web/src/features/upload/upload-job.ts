import { sseParser } from '@dpp/shared/rules/planner';
import type { UploadJobResponse } from '@dpp/shared/schemas/upload';
import { ApiError } from '../../shared/api/client';
import { openUploadJobEvents } from './upload.api';

/** How long to wait before opening a stream again that ended without the outcome (a server restarted). */
const RECONNECT_MS = 1000;
/** Streams in a row that may fail without any progress before following gives up. */
const MAX_FAILED_STREAMS = 30;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Follows a job through its event stream until its outcome, reporting progress on the way. A stream that
 * breaks or ends early (a server restarted) is opened again; a refusal (unknown job, signed out) throws.
 */
export async function followUploadJob(
  jobId: number,
  onProgress: (progress: UploadJobResponse) => void,
  signal: AbortSignal,
): Promise<UploadJobResponse> {
  let failed = 0;
  for (;;) {
    try {
      const response = await openUploadJobEvents(jobId, signal);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      const parse = sseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parse(value)) {
          const data = JSON.parse(event.data) as UploadJobResponse;
          if (event.event === 'done') return data;
          if (event.event === 'progress') {
            failed = 0;
            onProgress(data);
          }
        }
      }
    } catch (error) {
      if (signal.aborted) throw error;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
    }
    failed += 1;
    if (failed >= MAX_FAILED_STREAMS) throw new ApiError(0, 'NETWORK', '');
    await wait(RECONNECT_MS, signal);
    if (signal.aborted) throw signal.reason;
  }
}
