import { sseParser } from '@dpp/shared/rules/planner';
import type { UploadJobResponse } from '@dpp/shared/schemas/upload';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../app/storage-keys';
import { ApiError, apiGetStream } from '../../shared/api-client';

/** The upload job this tab follows: queued by the wizard, or found in storage after a reload. */
export interface FollowedUpload {
  jobId: number;
  /** The tool's wizard value: its success page comes from it. */
  tool: number;
  created: number;
  total: number;
}

/** How long to wait before opening a stream again that ended without the outcome (a server restarted). */
const RECONNECT_MS = 1000;
/** Streams in a row that may fail without any progress before following gives up. */
const MAX_FAILED_STREAMS = 30;

// The job belongs to this tab, like the task-tool connection it uses.
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readStored(): FollowedUpload | null {
  const raw = tabStorage()?.getItem(STORAGE_KEYS.UPLOAD_JOB);
  if (!raw) return null;
  try {
    const { jobId, tool } = JSON.parse(raw) as Partial<FollowedUpload>;
    return Number.isInteger(jobId) && Number.isInteger(tool)
      ? { jobId: jobId!, tool: tool!, created: 0, total: 0 }
      : null;
  } catch {
    return null;
  }
}

let followed: FollowedUpload | null = readStored();
const listeners = new Set<() => void>();

function set(next: FollowedUpload | null): void {
  followed = next;
  for (const listener of listeners) listener();
}

/** Starts following a job the upload call queued; survives a reload of the tab. */
export function followUpload(jobId: number, tool: number): void {
  tabStorage()?.setItem(STORAGE_KEYS.UPLOAD_JOB, JSON.stringify({ jobId, tool }));
  set({ jobId, tool, created: 0, total: 0 });
}

export function showProgress(progress: Pick<UploadJobResponse, 'job_id' | 'created' | 'total'>): void {
  if (followed?.jobId !== progress.job_id) return;
  if (followed.created === progress.created && followed.total === progress.total) return;
  set({ ...followed, created: progress.created, total: progress.total });
}

/** The job ended (or cannot be followed): nothing to resume any more. */
export function stopFollowing(): void {
  tabStorage()?.removeItem(STORAGE_KEYS.UPLOAD_JOB);
  set(null);
}

export function useFollowedUpload(): FollowedUpload | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => followed,
    () => null,
  );
}

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
      const response = await apiGetStream(`/api/upload-jobs/${jobId}/events`, signal);
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
