import type { ClientPermission, ClientRecord } from '@dpp/shared/schemas/clients';
import type { IdentityUser } from '@dpp/shared/schemas/identity';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { usePageNavigate } from '../navigation';
import { useHydrated } from '../use-hydrated';
import { markAccount } from './account-marks';
import {
  endIfExpired,
  getSessionState,
  onSessionEnded,
  pageStaysAfterSessionEnd,
  resumeSession,
  type SessionState,
  subscribeSession,
  syncFromStorage,
  touchSession,
} from './session-store';
import { type SessionUser, sessionUserOf } from './session-user';

export type { SessionUser } from './session-user';

export interface Session {
  /** Null for a visitor. */
  user: SessionUser | null;
  identity: IdentityUser | null;
  /** The client record (dppUser). */
  client: ClientRecord | null;
  permissions: readonly ClientPermission[];
  /**
   * Who is looking is known: false while a page from the server is taken over (it was drawn for nobody in
   * particular) and, for a signed-in user, until the client record has been read fresh. What depends on the
   * account (a call to action, a pricing button) shows a neutral placeholder until then, never a guess.
   */
  known: boolean;
}

const LOGIN_PATH = '/user-login';

const VISITOR: Session = { user: null, identity: null, client: null, permissions: [], known: true };
const UNKNOWN: Session = { ...VISITOR, known: false };

/** Activity renews the session at most this often (a click storm must not write storage each time). */
const ACTIVITY_THROTTLE_MS = 60 * 1000;
/** How often an idle page looks at the expiry, so an abandoned tab logs out on time. */
const EXPIRY_CHECK_MS = 60 * 1000;

function toSession(state: SessionState): Session {
  const { token, identity, client, userRole, permissions } = state;
  if (!token || !identity) return VISITOR;
  return {
    user: sessionUserOf(identity, client, userRole),
    identity,
    client,
    permissions,
    known: state.accountChecked,
  };
}

const SessionContext = createContext<Session>(UNKNOWN);

/** Provides the session from the store; components re-render when someone signs in or out or their data changes. */
export function SessionProvider({ children }: { children: ReactNode }) {
  // A page from the server was drawn for a visitor; the browser takes it over as one, then shows the session.
  const hydrated = useHydrated();
  const state = useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
  const value = useMemo(() => (hydrated ? toSession(state) : UNKNOWN), [hydrated, state]);
  // The page's account marks follow the app's session (a sign-in or Logout here; another tab's, through the store).
  useEffect(() => {
    if (hydrated) markAccount(value.user);
  }, [hydrated, value.user]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

/**
 * Lives inside the router: renews the session on activity, ends it when it expires, follows other
 * tabs, and takes the user to login when a session ends.
 */
export function SessionKeeper() {
  const navigate = usePageNavigate();

  useEffect(
    () =>
      onSessionEnded(() => {
        // A page keeping the member's unsaved work says so itself and offers to sign in again.
        if (pageStaysAfterSessionEnd()) return;
        if (window.location.pathname !== LOGIN_PATH) navigate(LOGIN_PATH);
      }),
    [navigate],
  );

  useEffect(() => {
    resumeSession();
    let lastActivity = 0;
    const onActivity = () => {
      const now = Date.now();
      // The expiry check is one storage read; only the renewal (a write, maybe a request) is throttled.
      if (endIfExpired(now) || now - lastActivity < ACTIVITY_THROTTLE_MS) return;
      lastActivity = now;
      touchSession(now);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') endIfExpired();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage) syncFromStorage(event.key);
    };
    const timer = window.setInterval(() => endIfExpired(), EXPIRY_CHECK_MS);
    const options = { capture: true, passive: true };
    document.addEventListener('click', onActivity, options);
    // keydown rather than the deprecated keypress: it also sees keys that type nothing (Tab, arrows).
    document.addEventListener('keydown', onActivity, options);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('click', onActivity, options);
      document.removeEventListener('keydown', onActivity, options);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return null;
}
