import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRememberedRoute, rememberRedirect } from '../../shared/session';
import { returnAddress, takeDestination } from './after-login';
import { rememberReturn } from './verify-email';

/** The browser's local storage, in memory: the unit project runs in Node. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: memoryStorage() });
});
afterEach(() => vi.unstubAllGlobals());

describe('the page a new account comes back to', () => {
  it('is the page remembered before sign-up, which the sign-up sends as its return address', () => {
    expect(returnAddress()).toBeUndefined();
    rememberRedirect('/team/accept/Ab-_09xyzAb-_09xyz');
    expect(returnAddress()).toBe('/team/accept/Ab-_09xyzAb-_09xyz');
    // Not a sign-in screen, and nothing a verification link may not carry.
    rememberRedirect('/user-login');
    expect(returnAddress()).toBeUndefined();
    rememberRedirect('/project-plans?page=2');
    expect(returnAddress()).toBeUndefined();
  });

  it("is remembered from the verification link's `next`, and is where activation ends", () => {
    rememberReturn('?next=%2Fteam%2Faccept%2FAb-_09xyzAb-_09xyz');
    expect(readRememberedRoute()?.path).toBe('/team/accept/Ab-_09xyzAb-_09xyz');
    expect(takeDestination(null, '/activate-account/success')).toEqual({
      to: '/team/accept/Ab-_09xyzAb-_09xyz',
      state: null,
    });
    // Used once.
    expect(takeDestination(null, '/activate-account/success')).toEqual({ to: '/activate-account/success' });
  });

  it('is never another site, and a link without one leaves the remembered page as it was', () => {
    rememberRedirect('/ai/preview');
    for (const search of ['', '?next=', '?next=%2F%2Fevil.example', '?next=https%3A%2F%2Fevil.example', '?other=1']) {
      rememberReturn(search);
      expect(readRememberedRoute()?.path, search).toBe('/ai/preview');
    }
  });
});
