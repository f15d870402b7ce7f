import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountLabel, accountMarks } from './account-marks';
import { readStoredUser } from './session-user';
import { STORAGE_KEYS } from './storage-keys';

const items = new Map<string, string>();
// The unit project runs in Node: the browser's storage, in memory. Stubbed for each test, as the project undoes
// stubbed globals after each one (vitest.config.ts).
beforeEach(() => {
  items.clear();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
  });
});

/** What a sign-in leaves in storage, as the session store writes it. */
function signedIn({
  given = 'Ada',
  family = 'Lovelace',
  admin = false,
  plan = 'Pro Monthly Membership',
  expiresIn = 60_000,
} = {}) {
  items.set(STORAGE_KEYS.AUTH_USER, JSON.stringify({ attributes: { given_name: given, family_name: family } }));
  items.set(STORAGE_KEYS.USER, JSON.stringify({ digipremium: 0, plan_name: plan, is_toolkit_user: false }));
  if (admin) items.set(STORAGE_KEYS.USER_ROLE, 'ROLE_ADMIN');
  items.set(STORAGE_KEYS.SESSION_EXPIRY, String(Date.now() + expiresIn));
  items.set(STORAGE_KEYS.ACCESS_TOKEN, 'token');
}

describe('the account the browser holds, read without the framework', () => {
  it('is a visitor without a session, with an expired one, or with half-written data', () => {
    expect(readStoredUser()).toBeNull();
    signedIn({ expiresIn: -1 });
    expect(readStoredUser()).toBeNull();
    items.clear();
    items.set(STORAGE_KEYS.ACCESS_TOKEN, 'token');
    items.set(STORAGE_KEYS.AUTH_USER, '{"attributes":');
    expect(readStoredUser()).toBeNull();
    expect(accountMarks(null)).toEqual(['visitor']);
  });

  it("marks an activated member's page with their roles and labels the menu with their name", () => {
    signedIn({ admin: true, plan: 'Premium Monthly Membership' });
    const user = readStoredUser();
    expect(user).toMatchObject({ givenName: 'Ada', activated: true, isAdmin: true, hasPremiumArea: true });
    expect(accountMarks(user)).toEqual(['member', 'activated', 'admin', 'premium']);
    expect(accountLabel(user!)).toBe('Ada');
  });

  it('asks a member without both names to activate, whatever their roles', () => {
    signedIn({ family: ' ', admin: true });
    const user = readStoredUser();
    expect(accountMarks(user)).toEqual(['member', 'unactivated']);
    expect(accountLabel(user!)).toBe('Active Account');
  });

  it('cuts a long name as the app does', () => {
    signedIn({ given: 'Bartholomew-Maximilian Alexander' });
    expect(accountLabel(readStoredUser()!)).toBe('Bartholomew-Maxim...');
  });
});
