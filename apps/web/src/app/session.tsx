import { createContext, type ReactNode, useContext } from 'react';
import { STORAGE_KEYS, writeStorage } from './storage-keys';

/**
 * What the header and the route guards need to know about the visitor. Signed-in variants
 * (names, admin role, premium entry) plug in here when accounts exist; until then everyone is a visitor.
 */
export interface SessionUser {
  givenName: string;
  familyName: string;
  isAdmin: boolean;
  /** digipremium and Premium Monthly Membership, or Implementer's Club. */
  hasPremiumArea: boolean;
}

export interface Session {
  user: SessionUser | null;
}

const SessionContext = createContext<Session>({ user: null });

export function SessionProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

/** Remembers where to come back to after login: the path and its navigation state. */
export function rememberRedirect(path: string, state?: unknown): void {
  writeStorage(STORAGE_KEYS.REDIRECT_URI, path);
  writeStorage(STORAGE_KEYS.REDIRECT_URI_STATES, JSON.stringify(state ?? null));
}
