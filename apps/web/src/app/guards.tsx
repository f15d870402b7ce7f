import { useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { pageStaysAfterSessionEnd, rememberRedirect, useRouteAccess, useSession } from '../shared/session';

const ACTIVATION_PATH = '/activate-account';

/** A visitor is sent to login, or to sign-up for the AI preview, after the target is remembered. */
function ToLogin() {
  const location = useLocation();
  const target = `${location.pathname}${location.search}`;
  // Idempotent, so writing during render is harmless; Navigate leaves on the next effect.
  rememberRedirect(target, location.state);
  const to = location.pathname.startsWith('/ai/preview') ? '/register' : '/user-login';
  return <Navigate to={to} replace state={{ from: location.pathname }} />;
}

/**
 * A visitor is sent to login with the target remembered; a user whose session ended on this page
 * (logout, expiry) just leaves: the session keeper takes them to login and nothing is remembered.
 */
function NoSession({ hadSession }: { hadSession: boolean }) {
  return hadSession ? <Navigate to="/user-login" replace /> : <ToLogin />;
}

/** Whether this guard has seen a signed-in user since it mounted. */
function useHadSession(signedIn: boolean): boolean {
  const seen = useRef(false);
  if (signedIn) seen.current = true;
  return seen.current;
}

/**
 * Layout route for private pages: needs a signed-in, activated user whose permissions show the route.
 * Not activated -> /activate-account; a hidden route -> /no-permissions.
 */
export function RequireAccount() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const hadSession = useHadSession(user !== null);
  const access = useRouteAccess(pathname);
  // A page keeping the member's unsaved work through an ended session stays; it offers to sign in again.
  if (!user && hadSession && pageStaysAfterSessionEnd()) return <Outlet />;
  if (!user) return <NoSession hadSession={hadSession} />;
  if (!user.activated) return <Navigate to={ACTIVATION_PATH} replace />;
  if (access !== 'allowed') return access === 'hidden' ? <Navigate to="/no-permissions" replace /> : null;
  return <Outlet />;
}

/**
 * Layout route for /activate-account: needs a signed-in user who is not activated yet. An activated
 * user arriving here goes to /; one who activates on the page stays until the page moves on.
 */
export function RequireActivation() {
  const { user } = useSession();
  const [activatedOnArrival] = useState(() => user?.activated === true);
  const hadSession = useHadSession(user !== null);
  if (!user) return <NoSession hadSession={hadSession} />;
  if (activatedOnArrival) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Layout route for admin pages: the browser check is for navigation only; the server enforces the role. */
export function RequireAdmin() {
  const { user } = useSession();
  const hadSession = useHadSession(user !== null);
  if (!user) return <NoSession hadSession={hadSession} />;
  if (!user.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * Layout route for areas with a rule of their own (the members area): a signed-in, activated user;
 * the page applies the area's rule and the plan permission itself (toolkit buyers have no plan).
 */
export function RequireActivatedAccount() {
  const { user } = useSession();
  const hadSession = useHadSession(user !== null);
  if (!user) return <NoSession hadSession={hadSession} />;
  if (!user.activated) return <Navigate to={ACTIVATION_PATH} replace />;
  return <Outlet />;
}
