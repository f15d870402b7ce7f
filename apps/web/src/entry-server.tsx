// Renders a public page to HTML on the server (routes marked `prerendered()` in app/router.tsx); the browser
// hydrates it (main.tsx).
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { prerenderQueries } from './app/prerender';
import { PRERENDER_DATA_ID, type PrerenderData } from './app/prerender-data';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';

export interface RenderedPage {
  /** Goes at the end of <head>: the page's component styles and the data the browser hydrates with. */
  head: string;
  /** Goes inside #root. */
  body: string;
}

/** Answers a GET of the API in-process: its JSON body, or undefined when it did not answer 200. */
export type GetJson = (path: string) => Promise<unknown>;

/** `<` escaped, so no text in the data can close the script element it travels in. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The HTML of a public page as a visitor sees it on arrival, or null when the page is drawn in the
 * browser alone: not a prerendered path, data it needs is missing (an unknown template), or a redirect.
 */
export async function renderPage(url: string, getJson: GetJson): Promise<RenderedPage | null> {
  const queries = prerenderQueries(routes, new URL(url).pathname);
  if (!queries) return null;
  const queryClient = createQueryClient();
  for (const { queryKey, path } of queries) {
    const data = await getJson(path);
    if (data === undefined) return null;
    queryClient.setQueryData(queryKey, data);
  }

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const styles = createCache();
  const body = renderToString(
    <StrictMode>
      <StyleProvider cache={styles}>
        <Providers queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StyleProvider>
    </StrictMode>,
  );
  const data: PrerenderData = {
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    queries: dehydrate(queryClient),
  };
  const head = `${extractStyle(styles)}<script type="application/json" id="${PRERENDER_DATA_ID}">${scriptSafeJson(data)}</script>`;
  return { head, body };
}
