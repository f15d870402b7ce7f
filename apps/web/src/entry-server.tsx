// Renders a public page to HTML on the server (routes marked `formPage()` or `islandsPage()` in app/router.tsx);
// the browser takes it over, whole (main.tsx) or island by island (islands.ts).
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { prerenderPlan } from './app/prerender';
import { PRERENDER_DATA_ID, type PrerenderData } from './app/prerender-data';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import {
  type CollectedIsland,
  ISLAND_ATTRIBUTES,
  IslandCollector,
  IslandFrame,
  islandIdPrefix,
} from './shared/islands';
import { DocumentTitleSink } from './shared/use-document-title';

export interface RenderedPage {
  /** Goes at the end of <head>: the page's component styles and the data the browser hydrates with. */
  head: string;
  /** Goes inside #root. */
  body: string;
  /** The page's document title, when it names one. */
  title?: string;
}

/** Answers a GET of the API in-process: its JSON body, or undefined when it did not answer 200. */
export type GetJson = (path: string) => Promise<unknown>;

/** `<` escaped, so no text in the data can close the script element it travels in. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The resource hints React puts ahead of a render's markup (an image's preload). */
const LEADING_LINKS = /^(?:<link [^>]*>)*/;

/**
 * Renders each island again on its own, as the browser's root for it will (same frame, same id prefix), and puts
 * its HTML into its slot on the page. Resource hints an island's render found go ahead of the page's markup.
 */
function fillIslands(
  body: string,
  islands: CollectedIsland[],
  url: string,
  queryClient: QueryClient,
  styles: ReturnType<typeof createCache>,
) {
  let hints = '';
  let page = body;
  islands.forEach(({ name, element }, slot) => {
    const rendered = renderToString(
      <StrictMode>
        <StyleProvider cache={styles}>
          <IslandFrame queryClient={queryClient} url={url}>
            {element}
          </IslandFrame>
        </StyleProvider>
      </StrictMode>,
      { identifierPrefix: islandIdPrefix(name, slot) },
    );
    const leading = LEADING_LINKS.exec(rendered)?.[0] ?? '';
    hints += leading;
    const emptySlot = `${ISLAND_ATTRIBUTES.slot}="${slot}"></div>`;
    if (!page.includes(emptySlot)) throw new Error(`Island ${name} has no slot ${slot} on ${url}.`);
    page = page.replace(emptySlot, () => `${ISLAND_ATTRIBUTES.slot}="${slot}">${rendered.slice(leading.length)}</div>`);
  });
  return hints + page;
}

/**
 * The HTML of a public page as a visitor sees it on arrival, or null when the page is drawn in the
 * browser alone: not a prerendered path, data it needs is missing (an unknown template), or a redirect.
 */
export async function renderPage(url: string, getJson: GetJson): Promise<RenderedPage | null> {
  const plan = prerenderPlan(routes, new URL(url).pathname);
  if (!plan) return null;
  const queryClient = createQueryClient();
  for (const { queryKey, path } of plan.queries) {
    const data = await getJson(path);
    if (data === undefined) return null;
    queryClient.setQueryData(queryKey, data);
  }

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const styles = createCache();
  const islands: CollectedIsland[] = [];
  let title: string | undefined;
  const page = (
    <StrictMode>
      <StyleProvider cache={styles}>
        <DocumentTitleSink.Provider value={(text) => (title = text)}>
          <Providers queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Providers>
        </DocumentTitleSink.Provider>
      </StyleProvider>
    </StrictMode>
  );
  const { takeover } = plan;
  let body: string;
  if (takeover === 'islands') {
    const whole = renderToString(
      <IslandCollector.Provider value={(island) => islands.push(island) - 1}>{page}</IslandCollector.Provider>,
    );
    body = fillIslands(whole, islands, url, queryClient, styles);
  } else {
    body = renderToString(page);
  }
  const data: PrerenderData = {
    ...(takeover !== 'islands' && {
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    }),
    queries: dehydrate(queryClient),
  };
  const head = `${extractStyle(styles)}<script type="application/json" id="${PRERENDER_DATA_ID}" data-page="${takeover}">${scriptSafeJson(data)}</script>`;
  return { head, body, title };
}
