import { isRouteAllowed } from '@dpp/shared/rules/permissions';
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberRedirect, useSession } from './session';

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
 * Layout route for private pages: needs a signed-in, activated user whose permissions show the route.
 * Not activated -> /activate-account; a hidden route -> /no-permissions.
 */
export function RequireAccount() {
  const { user, permissions } = useSession();
  const { pathname } = useLocation();
  if (!user) return <ToLogin />;
  if (!user.activated) return <Navigate to={ACTIVATION_PATH} replace />;
  if (!isRouteAllowed(permissions, pathname)) return <Navigate to="/no-permissions" replace />;
  return <Outlet />;
}

/**
 * Layout route for /activate-account: needs a signed-in user who is not activated yet. An activated
 * user arriving here goes to /; one who activates on the page stays until the page moves on.
 */
export function RequireActivation() {
  const { user } = useSession();
  const [activatedOnArrival] = useState(() => user?.activated === true);
  if (!user) return <ToLogin />;
  if (activatedOnArrival) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Layout route for admin pages: the browser check is for navigation only; the server enforces the role. */
export function RequireAdmin() {
  const { user } = useSession();
  if (!user) return <ToLogin />;
  if (!user.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
