import { matchRoutes, type RouteObject } from 'react-router';
import { catalogueKeys } from '../shared/catalogue/catalogue.api';
import { COUNTRIES_KEY } from '../shared/countries';
import type { PageTakeover } from './prerender-data';

/** A query a page reads as it opens, and the API path that answers it. */
export interface PrerenderQuery {
  queryKey: readonly unknown[];
  path: string;
}

type Params = Record<string, string | undefined>;

/**
 * A route's `handle` when the server renders its page to HTML, so a visitor sees it before any script has run:
 * the queries to answer first and how the browser takes the page over. Pages behind an account, and any route
 * without one, are drawn in the browser alone.
 */
interface PrerenderHandle {
  prerender: (params: Params) => PrerenderQuery[];
  takeover: PageTakeover;
}

/**
 * Marks a public page the server renders whose parts that act are islands: the browser takes over only them, so
 * the page carries neither the app nor antd's runtime unless an island needs them (ADR 0033).
 */
export const islandsPage = (queries: (params: Params) => PrerenderQuery[] = () => []) => ({
  handle: { prerender: queries, takeover: 'islands' } satisfies PrerenderHandle,
});

/**
 * Marks a public page the server renders whose form is most of the page: the app takes it over at the visitor's
 * first interaction with it (a pointer over it, a touch, a key, a focus), not as it loads; what was typed meanwhile
 * is handed to the app (ADR 0033).
 */
export const formPage = (queries: (params: Params) => PrerenderQuery[] = () => []) => ({
  handle: { prerender: queries, takeover: 'app-at-interaction' } satisfies PrerenderHandle,
});

export const templatesQuery = (): PrerenderQuery[] => [
  { queryKey: catalogueKeys.templates, path: '/api/project-plans-without-pagination' },
];

export const templateQuery = ({ projectPlanId = '' }: Params): PrerenderQuery[] => [
  { queryKey: catalogueKeys.template(projectPlanId), path: `/api/project-plans/${encodeURIComponent(projectPlanId)}` },
];

/** The subscription plans: a page that prices them draws its cards on the server, not a shimmering placeholder. */
export const plansQuery = (): PrerenderQuery[] => [{ queryKey: catalogueKeys.plans, path: '/api/plan/get' }];

export const countriesQuery = (): PrerenderQuery[] => [{ queryKey: COUNTRIES_KEY, path: '/api/countries' }];

/**
 * How the server renders `pathname`: the queries to answer first and whether the page is an islands page; null
 * when its page is not rendered there.
 */
export function prerenderPlan(
  routes: RouteObject[],
  pathname: string,
): { queries: PrerenderQuery[]; takeover: PageTakeover } | null {
  const page = matchRoutes(routes, pathname)?.at(-1);
  const handle = page?.route.handle as Partial<PrerenderHandle> | undefined;
  if (!handle?.prerender || !handle.takeover) return null;
  return { queries: handle.prerender(page?.params ?? {}), takeover: handle.takeover };
}
