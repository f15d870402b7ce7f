import { matchRoutes, type RouteObject } from 'react-router';
import { catalogueKeys } from '../shared/catalogue/catalogue.api';
import { COUNTRIES_KEY } from '../shared/countries';

/** A query a page reads as it opens, and the API path that answers it. */
export interface PrerenderQuery {
  queryKey: readonly unknown[];
  path: string;
}

type Params = Record<string, string | undefined>;

/** A route's `handle` when the server renders its page to HTML: the queries to answer first. */
interface PrerenderHandle {
  prerender: (params: Params) => PrerenderQuery[];
  /** The browser takes over only the page's islands, never the whole app (ADR 0033). */
  islands?: boolean;
}

/**
 * Marks a public route whose page the server renders to HTML, so a visitor sees it before any script has run.
 * Pages behind an account, and any other route, are drawn in the browser alone.
 */
export const prerendered = (queries: (params: Params) => PrerenderQuery[] = () => []) => ({
  handle: { prerender: queries } satisfies PrerenderHandle,
});

/**
 * Marks a public page the server renders whose parts that act are islands: the browser takes over only them, so
 * the page carries neither the app nor antd's runtime unless an island needs them (ADR 0033).
 */
export const islandsPage = (queries: (params: Params) => PrerenderQuery[] = () => []) => ({
  handle: { prerender: queries, islands: true } satisfies PrerenderHandle,
});

export const templatesQuery = (): PrerenderQuery[] => [
  { queryKey: catalogueKeys.templates, path: '/api/project-plans-without-pagination' },
];

export const templateQuery = ({ projectPlanId = '' }: Params): PrerenderQuery[] => [
  { queryKey: catalogueKeys.template(projectPlanId), path: `/api/project-plans/${encodeURIComponent(projectPlanId)}` },
];

export const countriesQuery = (): PrerenderQuery[] => [{ queryKey: COUNTRIES_KEY, path: '/api/countries' }];

/**
 * How the server renders `pathname`: the queries to answer first and whether the page is an islands page; null
 * when its page is not rendered there.
 */
export function prerenderPlan(
  routes: RouteObject[],
  pathname: string,
): { queries: PrerenderQuery[]; islands: boolean } | null {
  const page = matchRoutes(routes, pathname)?.at(-1);
  const handle = page?.route.handle as Partial<PrerenderHandle> | undefined;
  if (!handle?.prerender) return null;
  return { queries: handle.prerender(page?.params ?? {}), islands: handle.islands === true };
}
