// Who the signed-in user is, as the header and the route guards see it. Plain TypeScript over storage, with no
// framework: the app derives it from its session store, and the page's inline head script and first script read
// it straight from storage to draw the header's account entry before any framework runs (ADR 0051).
import { showsPremiumEntry } from '@dpp/shared/rules/membership';
import type { ClientRecord } from '@dpp/shared/schemas/clients';
import type { IdentityUser } from '@dpp/shared/schemas/identity';
import { readStorage, readStoredJson, STORAGE_KEYS } from './storage-keys';

/** What the header and the route guards need to know about the signed-in user. */
export interface SessionUser {
  givenName: string;
  familyName: string;
  /** Both names given and no first-login step pending; until then the user sees only Activate and Logout. */
  activated: boolean;
  isAdmin: boolean;
  /** digipremium and Premium Monthly Membership, or Implementer's Club. */
  hasPremiumArea: boolean;
}

/** The user a session's identity, client record and role describe. */
export function sessionUserOf(
  identity: IdentityUser,
  client: ClientRecord | null,
  userRole: string | null,
): SessionUser {
  const { attributes } = identity;
  // The identity's names decide activation; the client record only mirrors them.
  const givenName = attributes.given_name.trim();
  const familyName = attributes.family_name.trim();
  const activated =
    givenName !== '' &&
    familyName !== '' &&
    attributes['custom:first_login'] !== 'true' &&
    attributes['custom:appsumo_login'] !== 'true';
  return { givenName, familyName, activated, isAdmin: Boolean(userRole), hasPremiumArea: showsPremiumEntry(client) };
}

/**
 * The user of the session this browser holds, as storage has it, or null for a visitor: no session, one whose
 * expiry has passed (the app ends it as it starts), or half-written data (the app starts as a visitor then too).
 */
export function readStoredUser(now = Date.now()): SessionUser | null {
  const token = readStorage(STORAGE_KEYS.ACCESS_TOKEN);
  const identity = readStoredJson<IdentityUser>(STORAGE_KEYS.AUTH_USER);
  if (!token || !identity?.attributes) return null;
  const expiry = Number(readStorage(STORAGE_KEYS.SESSION_EXPIRY));
  if (Number.isFinite(expiry) && expiry > 0 && expiry <= now) return null;
  try {
    return sessionUserOf(
      identity,
      readStoredJson<ClientRecord>(STORAGE_KEYS.USER),
      readStorage(STORAGE_KEYS.USER_ROLE),
    );
  } catch {
    // Foreign data under our keys (names that are not strings): a visitor, as the app would start.
    return null;
  }
}
