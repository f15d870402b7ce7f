import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { handOverState, historyState } from '../handed-over-state';
import { hrefOf, type Navigation, NavigationProvider, type PageLinkProps, type PageLocation } from '../navigation';
import { SessionProvider } from '../session';
import { useHydrated } from '../use-hydrated';

const locationOf = (url: URL | globalThis.Location, state: unknown = null): PageLocation => ({
  pathname: url.pathname,
  search: url.search,
  hash: url.hash,
  state,
});

/** A plain link: on an islands page the next page comes from the server, as the browser loads it. */
function DocumentLink({ to, state: _state, ...anchor }: PageLinkProps) {
  return <a href={hrefOf(to)} {...anchor} />;
}

/** The page's address, followed as the #hash changes (the header's Pricing link on the landing page). */
function useDocumentLocation(): PageLocation {
  const [location, setLocation] = useState(() => locationOf(window.location, historyState()));
  useEffect(() => {
    const follow = () => setLocation(locationOf(window.location, historyState()));
    window.addEventListener('hashchange', follow);
    window.addEventListener('popstate', follow);
    return () => {
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('popstate', follow);
    };
  }, []);
  return location;
}

/**
 * On an islands page the app is not running: moving to another page (a link, a button's `navigate`) loads it as
 * the browser would, from the server (rendered there, or drawn by the app for pages behind an account).
 */
function BrowserNavigation({ children }: { children: ReactNode }) {
  const location = useDocumentLocation();
  const value = useMemo<Navigation>(
    () => ({
      location,
      navigate: (to, options) => {
        if (typeof to === 'number') return window.history.go(to);
        // What the next page is handed (the plan a pricing button chose) waits for it in the tab's storage.
        if (options?.state !== undefined) handOverState(hrefOf(to), options.state);
        if (options?.replace) window.location.replace(hrefOf(to));
        else window.location.assign(hrefOf(to));
      },
      Link: DocumentLink,
    }),
    [location],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

/** The server renders islands for an address; nothing moves there. */
function StaticNavigation({ url, children }: { url: string; children: ReactNode }) {
  const value = useMemo<Navigation>(
    () => ({ location: locationOf(new URL(url)), navigate: () => {}, Link: DocumentLink }),
    [url],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

const InIsland = createContext(false);

/** True inside an island's own root (an islands page), false in the app: what the app's shell does, an island may have to do itself. */
export const useInIsland = () => useContext(InIsland);

/**
 * Draws nothing; in the browser it says when the island has been taken over and has switched to what only the
 * browser knows (the session: useHydrated), so a click held until then acts for the visitor it is.
 */
function TakenOver({ onTakenOver }: { onTakenOver?: () => void }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) onTakenOver?.();
  }, [hydrated, onTakenOver]);
  return null;
}

interface IslandFrameProps {
  queryClient: QueryClient;
  /** The address the server renders; absent in the browser, which reads its own. */
  url?: string;
  /** Called once the browser's root has taken the island over. */
  onTakenOver?: () => void;
  children: ReactNode;
}

/**
 * What every island stands in, the same on the server and in the browser, so that an island's HTML is what its
 * own root draws: the address (for links), the query cache, the session. The theme is not here: an island that
 * draws antd components brings its own `ConfigProvider`, so that islands without them carry none of antd.
 */
export function IslandFrame({ queryClient, url, onTakenOver, children }: IslandFrameProps) {
  const content = (
    <InIsland.Provider value>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          {children}
          <TakenOver onTakenOver={onTakenOver} />
        </SessionProvider>
      </QueryClientProvider>
    </InIsland.Provider>
  );
  if (url === undefined) return <BrowserNavigation>{content}</BrowserNavigation>;
  return <StaticNavigation url={url}>{content}</StaticNavigation>;
}
