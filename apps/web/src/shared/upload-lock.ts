import { useSyncExternalStore } from 'react';

/**
 * Whether a plan upload is running: the header cannot be used meanwhile (docs/product-rules.md, Plan upload).
 * Several things may hold the lock at once (the upload request, then the job it started); it lasts until
 * every holder has let go.
 */
const holders = new Set<string>();
let locked = false;
const listeners = new Set<() => void>();

export function setUploadInProgress(value: boolean, holder = 'request'): void {
  if (value) holders.add(holder);
  else holders.delete(holder);
  const next = holders.size > 0;
  if (locked === next) return;
  locked = next;
  for (const listener of listeners) listener();
}

export function useUploadInProgress(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => locked,
    () => false,
  );
}
