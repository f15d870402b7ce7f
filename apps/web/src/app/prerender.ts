import { matchPath } from 'react-router';
import { catalogueKeys } from '../shared/catalogue/api';

/** A query a page reads as it opens, and the API path that answers it. */
export interface PrerenderQuery {
  queryKey: readonly unknown[];
  path: string;
}

interface PrerenderedPage {
  pattern: string;
  queries?: (params: Record<string, string | undefined>) => PrerenderQuery[];
}

/**
 * The public pages the server renders to HTML, so a visitor sees them before any script has run. Pages
 * behind an account, and any other path, are drawn in the browser alone.
 */
const PRERENDERED: readonly PrerenderedPage[] = [
  { pattern: '/' },
  {
    pattern: '/project-plans',
    queries: () => [{ queryKey: catalogueKeys.templates, path: '/api/project-plans-without-pagination' }],
  },
  {
    pattern: '/project-plans/:projectPlanId',
    queries: ({ projectPlanId = '' }) => [
      {
        queryKey: catalogueKeys.template(projectPlanId),
        path: `/api/project-plans/${encodeURIComponent(projectPlanId)}`,
      },
    ],
  },
  { pattern: '/ai' },
  { pattern: '/register' },
  { pattern: '/user-login' },
  { pattern: '/login' },
  { pattern: '/reset-password' },
  { pattern: '/about' },
  { pattern: '/terms-of-use' },
  { pattern: '/support' },
  { pattern: '/privacy-policy' },
  { pattern: '/contact-us' },
  { pattern: '/country', queries: () => [{ queryKey: ['countries'], path: '/api/countries' }] },
  { pattern: '/appsumo' },
  { pattern: '/appsumo2' },
  { pattern: '/appsumo3' },
];

/** The queries to answer before rendering `pathname` on the server, or null when it is not rendered there. */
export function prerenderQueries(pathname: string): PrerenderQuery[] | null {
  for (const page of PRERENDERED) {
    const match = matchPath(page.pattern, pathname);
    if (match) return page.queries?.(match.params) ?? [];
  }
  return null;
}
