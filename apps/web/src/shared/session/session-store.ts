import { SESSION_LENGTH_HOURS } from '@dpp/shared/constants';
import type { ClientPermission, ClientRecord } from '@dpp/shared/schemas/clients';
import type { IdentityUser, SessionResponse } from '@dpp/shared/schemas/identity';
import { configureApiSession } from '../api/client';
import { getClientPermissions, getClientRecord, getCurrentUser, signOutRequest } from '../api/identity.api';
import {
  clearAppStorage,
  readStorage,
  readStoredJson,
  removeStorage,
  STORAGE_KEYS,
  writeStorage,
} from './storage-keys';

/**
 * The signed-in user's session, kept in memory and mirrored to localStorage so it survives reloads.
 * Plain TypeScript (no React, antd or zod): the API client and every page depend on it.
 */
export interface SessionState {
  token: string | null;
  identity: IdentityUser | null;
  /** The client record (dppUser). */
  client: ClientRecord | null;
  /** 'ROLE_ADMIN' when the client record has that authority. */
  userRole: string | null;
  permissions: readonly ClientPermission[];
  /**
   * The client record has been asked of the server since this page loaded (or this session started): until
   * then the stored copy may be stale (a trial ended by the timer), so what depends on it waits. Not stored.
   */
  accountChecked: boolean;
}

/** Why a session ended: the user logged out, it expired, the server no longer knows it, or another tab ended it. */
export type SessionEndReason = 'logout' | 'expired' | 'lost' | 'elsewhere';

export const SESSION_LENGTH_MS = SESSION_LENGTH_HOURS * 60 * 60 * 1000;
/** current-user renews the server's session; once every few minutes of activity is enough for a 4-hour window. */
const SERVER_CHECK_INTERVAL_MS = 5 * 60 * 1000;
const ADMIN_AUTHORITY = 'ROLE_ADMIN';

/** Keys another tab may change under us (the expiry is read from storage when it matters). */
const SESSION_STORAGE_KEYS: ReadonlySet<string> = new Set([
  STORAGE_KEYS.ACCESS_TOKEN,
  STORAGE_KEYS.AUTH_USER,
  STORAGE_KEYS.USER,
  STORAGE_KEYS.USER_ROLE,
  STORAGE_KEYS.PERMISSIONS,
]);

const EMPTY: SessionState = {
  token: null,
  identity: null,
  client: null,
  userRole: null,
  permissions: [],
  accountChecked: false,
};

function readPersisted(): SessionState {
  const token = readStorage(STORAGE_KEYS.ACCESS_TOKEN);
  const identity = readStoredJson<IdentityUser>(STORAGE_KEYS.AUTH_USER);
  // Half-written or foreign data: start as a visitor rather than fail on every page.
  if (!token || !identity?.attributes) return EMPTY;
  return {
    token,
    identity,
    client: readStoredJson<ClientRecord>(STORAGE_KEYS.USER),
    userRole: readStorage(STORAGE_KEYS.USER_ROLE),
    permissions: readStoredJson<ClientPermission[]>(STORAGE_KEYS.PERMISSIONS) ?? [],
    accountChecked: false,
  };
}

function readExpiry(): number | null {
  const value = Number(readStorage(STORAGE_KEYS.SESSION_EXPIRY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

let state: SessionState = readPersisted();
// Kept out of the React-visible state: renewing it on activity must not re-render the app.
let expiresAt: number | null = state.token ? readExpiry() : null;
// A session that expired while the site was closed ends before anything renders; the server hears of it later.
let staleToken: string | null = null;
if (state.token && expiresAt !== null && expiresAt <= Date.now()) {
  staleToken = state.token;
  clearAppStorage();
  state = EMPTY;
  expiresAt = null;
}
let lastServerCheck = 0;
let lastEndReason: SessionEndReason | null = null;
/** Pages open now that keep the member's work through an ended session (the plan editor). */
let pagesKeptOnEnd = 0;
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SessionEndReason) => void>();

const persistValue = (key: string, value: string | null) =>
  value === null ? removeStorage(key) : writeStorage(key, value);
const persistJson = (key: string, value: unknown) =>
  persistValue(key, value === null || value === undefined ? null : JSON.stringify(value));

function update(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  if ('identity' in patch) persistJson(STORAGE_KEYS.AUTH_USER, state.identity);
  if ('client' in patch) persistJson(STORAGE_KEYS.USER, state.client);
  if ('userRole' in patch) persistValue(STORAGE_KEYS.USER_ROLE, state.userRole);
  if ('permissions' in patch) persistJson(STORAGE_KEYS.PERMISSIONS, state.permissions);
  // The token goes last: other tabs take a session over when they see it, and the rest must be there by then.
  if ('token' in patch) persistValue(STORAGE_KEYS.ACCESS_TOKEN, state.token);
  for (const listener of listeners) listener();
}

function renewExpiry(now: number): void {
  expiresAt = now + SESSION_LENGTH_MS;
  writeStorage(STORAGE_KEYS.SESSION_EXPIRY, String(expiresAt));
}

export const getSessionState = (): SessionState => state;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onSessionEnded(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Starts a session from a sign-in; whatever a previous user left behind is dropped. */
export function startSession(response: SessionResponse): void {
  const previous = state.token;
  if (previous && previous !== response.access_token) signOutRequest(previous).catch(() => undefined);
  const now = Date.now();
  renewExpiry(now);
  lastServerCheck = now;
  // Sign-in loads the record before it moves on: nothing stale is stored for this session.
  update({
    token: response.access_token,
    identity: response.user,
    client: null,
    userRole: null,
    permissions: [],
    accountChecked: true,
  });
}

export function setIdentity(identity: IdentityUser): void {
  // An identity without attributes would read back as no session at the next page.
  if (state.token && identity?.attributes) update({ identity });
}

export function setClientRecord(client: ClientRecord): void {
  if (!state.token) return;
  const isAdmin = client.authorities.some((authority) => authority.name === ADMIN_AUTHORITY);
  update({ client, userRole: isAdmin ? ADMIN_AUTHORITY : null, accountChecked: true });
}

export function setPermissions(permissions: readonly ClientPermission[]): void {
  if (state.token) update({ permissions });
}

/**
 * Ends the session locally at once (storage and state), then tells the server, ignoring a failure:
 * the user is logged out on this device either way.
 */
export function endSession(reason: SessionEndReason): void {
  const { token } = state;
  const hadSession = token !== null;
  // Known before anyone hears of the end: whether the page stays depends on it.
  if (hadSession) lastEndReason = reason;
  clearAppStorage();
  expiresAt = null;
  if (hadSession) {
    // Storage is already clear: set the state without persisting it again.
    state = EMPTY;
    for (const listener of listeners) listener();
  }
  if (token && reason !== 'lost' && reason !== 'elsewhere') signOutRequest(token).catch(() => undefined);
  if (hadSession || reason === 'logout') for (const listener of endListeners) listener(reason);
}

export const signOut = (): void => endSession('logout');

/**
 * While the returned release is not called, a session that ends (expiry, the server no longer knows it, a sign-out
 * in another tab) leaves the page where it is: the page says so itself and keeps the member's unsaved work. A
 * logout in this tab still leaves for the login page.
 */
export function keepPageWhenSessionEnds(): () => void {
  pagesKeptOnEnd += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    pagesKeptOnEnd -= 1;
  };
}

/** The session has ended and the page open asked to stay (see keepPageWhenSessionEnds). */
export const pageStaysAfterSessionEnd = (): boolean =>
  state.token === null && pagesKeptOnEnd > 0 && lastEndReason !== null && lastEndReason !== 'logout';

/**
 * Reloads the identity user (renewing the server's session), the client record and the permissions, for the
 * current token only.
 */
export async function refreshFromServer(): Promise<void> {
  const { token } = state;
  if (!token) return;
  lastServerCheck = Date.now();
  const [identity, permissions] = await Promise.allSettled([
    getCurrentUser(),
    getClientPermissions(),
    refreshClientRecord(),
  ]);
  if (state.token !== token) return;
  if (identity.status === 'fulfilled') setIdentity(identity.value);
  if (permissions.status === 'fulfilled') setPermissions(permissions.value);
}

let clientInFlight: Promise<ClientRecord | null> | null = null;

/**
 * Reads the client record again (one request at a time) and stores it: the subscription state, the plan and
 * the area flags as the server has them now. Resolves to the stored record, the old one when the read failed.
 */
export function refreshClientRecord(): Promise<ClientRecord | null> {
  const { token, identity } = state;
  if (!token || !identity) return Promise.resolve(null);
  clientInFlight ??= getClientRecord(identity.attributes.email)
    .then((client) => {
      if (state.token === token) setClientRecord(client);
    })
    .catch(() => {
      // The stored copy is all there is: the page goes on with it rather than wait for ever.
      if (state.token === token && !state.accountChecked) update({ accountChecked: true });
    })
    .then(() => (state.token === token ? state.client : null))
    .finally(() => {
      clientInFlight = null;
    });
  return clientInFlight;
}

let permissionsInFlight: Promise<void> | null = null;

/**
 * Reads the permissions again (one request at a time): the guards call it on every private page, so
 * a feature an admin hides for a plan is hidden from that plan's users at their next page.
 */
export function refreshPermissions(): Promise<void> {
  const { token } = state;
  if (!token) return Promise.resolve();
  permissionsInFlight ??= getClientPermissions()
    .then((permissions) => {
      if (state.token === token) setPermissions(permissions);
    })
    .catch(() => undefined)
    .finally(() => {
      permissionsInFlight = null;
    });
  return permissionsInFlight;
}

/** Other tabs renew the shared expiry too: the stored value wins over this tab's copy. */
const currentExpiry = (): number | null => readExpiry() ?? expiresAt;

/** True (and the session ended) when the expiry has passed. */
export function endIfExpired(now = Date.now()): boolean {
  if (!state.token) return false;
  const expiry = currentExpiry();
  if (expiry === null || expiry > now) return false;
  endSession('expired');
  return true;
}

/** The activity check: logs out after 4 hours without activity, otherwise renews the 4 hours. */
export function touchSession(now = Date.now()): void {
  if (!state.token || endIfExpired(now)) return;
  renewExpiry(now);
  if (now - lastServerCheck >= SERVER_CHECK_INTERVAL_MS) void refreshFromServer();
}

let resumed = false;

/** On page load: a live session is renewed and checked with the server; a stale one is signed out there. */
export function resumeSession(): void {
  if (resumed) return;
  resumed = true;
  if (staleToken) signOutRequest(staleToken).catch(() => undefined);
  staleToken = null;
  if (!state.token) return;
  renewExpiry(Date.now());
  void refreshFromServer();
}

/** Another tab changed a stored session key: take its session over as it now stands in storage. */
export function syncFromStorage(key: string | null): void {
  // Activity elsewhere only moves the shared expiry, which is read from storage when it matters.
  if (key !== null && !SESSION_STORAGE_KEYS.has(key)) return;
  const next = readPersisted();
  const signedOutElsewhere = state.token !== null && next.token === null;
  if (signedOutElsewhere) lastEndReason = 'elsewhere';
  expiresAt = next.token ? readExpiry() : null;
  // The tab that wrote a new session read its record; the same session keeps what this tab already knew.
  state = { ...next, accountChecked: next.token !== null && (next.token !== state.token || state.accountChecked) };
  for (const listener of listeners) listener();
  if (signedOutElsewhere) for (const listener of endListeners) listener('elsewhere');
}

configureApiSession({
  getToken: () => state.token,
  onSessionLost: () => endSession('lost'),
});
