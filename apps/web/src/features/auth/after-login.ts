import { isReturnPath } from '@dpp/shared/rules/return-path';
import type { ClientRecord } from '@dpp/shared/schemas/clients';
import { forgetRememberedRoute, readRememberedRoute, readStorage, STORAGE_KEYS } from '../../shared/session';

export const DEFAULT_AFTER_LOGIN = '/project-plans';
export const ACTIVATION_SUCCESS_PATH = '/activate-account/success';

/** Screens that make no sense to come back to once signed in. */
const AUTH_PATHS = ['/user-login', '/login', '/register', '/reset-password', '/activate-account'];

const isAuthPath = (path: string): boolean => {
  const pathname = path.split(/[?#]/)[0]?.toLowerCase() ?? '';
  return AUTH_PATHS.some(
    (auth) => pathname === auth || pathname.startsWith(`${auth}/`) || pathname.startsWith(`${auth}-`),
  );
};

/**
 * The page remembered before sign-up (the team invitation that sent the visitor there), when its verification link
 * may carry it: a page of this site, not one of the sign-in screens.
 */
export function returnAddress(): string | undefined {
  const path = readRememberedRoute()?.path;
  return path && isReturnPath(path) && !isAuthPath(path) ? path : undefined;
}

export interface Destination {
  to: string;
  state?: unknown;
}

/**
 * Where to go once signed in (or activated): the route remembered before login with its state, or
 * `fallback`. A toolkit user coming back to /subscribe already has the plan: to / with payment done.
 * The remembered route is used once.
 */
export function takeDestination(client: ClientRecord | null, fallback = DEFAULT_AFTER_LOGIN): Destination {
  const remembered = readRememberedRoute();
  forgetRememberedRoute();
  if (!remembered || isAuthPath(remembered.path)) return { to: fallback };
  if (remembered.path.includes('/subscribe') && client?.is_toolkit_user) {
    const rememberedPlanId = (remembered.state as { planId?: unknown } | null)?.planId;
    return { to: '/', state: { payment: 'done', planId: rememberedPlanId ?? readStorage(STORAGE_KEYS.PLAN_ID) } };
  }
  return { to: remembered.path, state: remembered.state };
}
