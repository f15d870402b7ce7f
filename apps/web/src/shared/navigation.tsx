// How a shared component reads the address and moves to another page without knowing who runs it: the app
// (React Router, app/router-navigation.tsx) or an island of a server-rendered page (shared/islands, where the
// next page is loaded as the browser would). Components an island draws use these, never React Router directly,
// so an islands page carries none of the router's code (ADR 0033).
import { type AnchorHTMLAttributes, type ComponentType, createContext, useContext } from 'react';

/** Where to go: a path, or its parts (`{ hash: '#prices' }` stays on the page). */
export type NavigationTarget = string | { pathname?: string; search?: string; hash?: string };

export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What the previous page handed over (kept in the history entry: it outlives a page load). */
  state: unknown;
}

export type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: NavigationTarget;
  state?: unknown;
};

export interface Navigation {
  location: PageLocation;
  navigate: (to: NavigationTarget | number, options?: { state?: unknown; replace?: boolean }) => void;
  Link: ComponentType<PageLinkProps>;
}

const NavigationContext = createContext<Navigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('A page component is drawn outside the app and outside an island.');
  return navigation;
}

export const usePageLocation = (): PageLocation => useNavigation().location;

export const usePageNavigate = (): Navigation['navigate'] => useNavigation().navigate;

/** A link to another page (or a place on this one), as the app or the island draws it. */
export function PageLink(props: PageLinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}

/** The address a target names, relative to the page when it gives no path. */
export const hrefOf = (to: NavigationTarget): string =>
  typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
