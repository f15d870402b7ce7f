// Where to come back to after login. Plain TypeScript over storage: the page's first script (boot.ts) remembers
// the page when its Login link is followed before the header is taken over (ADR 0033).
import { readStorage, readStoredJson, removeStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

/**
 * Marks a link that remembers the page it leaves (the header's Login link): followed before its part of the page
 * is taken over, boot.ts remembers the page for it.
 */
export const REMEMBERS_PAGE = 'data-remembers-page';

/** Remembers where to come back to after login: the path and its navigation state. */
export function rememberRedirect(path: string, state?: unknown): void {
  writeStorage(STORAGE_KEYS.REDIRECT_URI, path);
  writeStorage(STORAGE_KEYS.REDIRECT_URI_STATES, JSON.stringify(state ?? null));
}

export interface RememberedRoute {
  path: string;
  state: unknown;
}

/** The route remembered before login, if any. */
export function readRememberedRoute(): RememberedRoute | null {
  const path = readStorage(STORAGE_KEYS.REDIRECT_URI);
  // Only paths of this site: '//host' would leave it.
  if (!path?.startsWith('/') || path.startsWith('//')) return null;
  return { path, state: readStoredJson<unknown>(STORAGE_KEYS.REDIRECT_URI_STATES) };
}

export function forgetRememberedRoute(): void {
  removeStorage(STORAGE_KEYS.REDIRECT_URI);
  removeStorage(STORAGE_KEYS.REDIRECT_URI_STATES);
}
