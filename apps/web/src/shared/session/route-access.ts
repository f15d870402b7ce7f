import { isRouteAllowed } from '@dpp/shared/rules/permissions';
import { useEffect, useState } from 'react';
import { useSession } from './session';
import { refreshPermissions } from './session-store';

/**
 * Whether the user's permissions show `pathname` (`null`: no route to check). They are read again on every
 * private page, so an admin's change applies at once: a page the stored list shows opens at once (and is left
 * if the fresh list hides it); one it hides waits for the fresh list ('checking'), as after a purchase that
 * changed the plan.
 */
export function useRouteAccess(pathname: string | null): 'allowed' | 'hidden' | 'checking' {
  const { permissions } = useSession();
  const [freshFor, setFreshFor] = useState<string | null>(null);
  useEffect(() => {
    if (pathname === null) return;
    let current = true;
    void refreshPermissions().then(() => {
      if (current) setFreshFor(pathname);
    });
    return () => {
      current = false;
    };
  }, [pathname]);
  if (pathname === null || isRouteAllowed(permissions, pathname)) return 'allowed';
  return freshFor === pathname ? 'hidden' : 'checking';
}
