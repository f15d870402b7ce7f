import type { SessionResponse } from '@dpp/shared/schemas/identity';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** The browser's storage, in memory: the unit project runs in Node. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let store: typeof import('./session-store');
beforeAll(async () => {
  vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
  // Sign-out calls to the server are not what is tested here.
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 200 }));
  store = await import('./session-store');
});
afterAll(() => vi.unstubAllGlobals());

const session = (token: string) =>
  ({
    access_token: token,
    user: { username: 'ada', attributes: { email: 'ada@example.com', given_name: 'Ada', family_name: 'L' } },
  }) as unknown as SessionResponse;

describe('a page that keeps its work when the session ends', () => {
  it('stays after an expiry, a lost session or a sign-out elsewhere, never after a logout in this tab', () => {
    const release = store.keepPageWhenSessionEnds();
    for (const reason of ['expired', 'lost'] as const) {
      store.startSession(session(`token-${reason}`));
      expect(store.pageStaysAfterSessionEnd()).toBe(false);
      store.endSession(reason);
      expect(store.pageStaysAfterSessionEnd()).toBe(true);
    }
    store.startSession(session('token-logout'));
    store.endSession('logout');
    expect(store.pageStaysAfterSessionEnd()).toBe(false);

    // Once the page lets go (it was left), an ended session leaves for the login page as before.
    release();
    release();
    store.startSession(session('token-after'));
    store.endSession('expired');
    expect(store.pageStaysAfterSessionEnd()).toBe(false);
  });
});
