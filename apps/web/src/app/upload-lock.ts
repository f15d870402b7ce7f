import { useSyncExternalStore } from 'react';

/** Whether a plan upload is running: the header cannot be used meanwhile (spec part 1, Header and menus). */
let locked = false;
const listeners = new Set<() => void>();

export function setUploadInProgress(value: boolean): void {
  if (locked === value) return;
  locked = value;
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
