import type { UploadJobResponse } from '@dpp/shared/schemas/upload';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, tabStorage } from '../../shared/session';
import { setUploadInProgress } from '../../shared/upload-lock';

/** The upload job this tab follows: queued by the wizard, or found in storage after a reload. */
export interface FollowedUpload {
  jobId: number;
  /** The tool's wizard value: its success page comes from it. */
  tool: number;
  created: number;
  total: number;
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
  // Locked here, at once: the follower that keeps the lock is loaded on demand, and the header must not
  // come free between the upload request and the job.
  setUploadInProgress(true, 'job');
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
  setUploadInProgress(false, 'job');
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
