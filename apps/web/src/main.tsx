import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { readPrerenderData } from './app/prerender-data';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createRouter, routes } from './app/router';
import { adoptHandedOverState } from './shared/handed-over-state';
import { beginHydration } from './shared/use-hydrated';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** Loads the code of the routes this address shows, so hydration draws what the server drew. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

// Before the router reads the history entry: the state an islands page handed to this one.
adoptHandedOverState();
const queryClient = createQueryClient();
const prerendered = readPrerenderData();
if (prerendered) {
  beginHydration();
  hydrate(queryClient, prerendered.queries);
  await loadMatchedRoutes();
}
const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={createRouter(prerendered?.router)} />
    </Providers>
  </StrictMode>
);
// A transition: hydration yields to the browser between components instead of holding it in one long task.
if (prerendered) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
