import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What the server hands the browser with a rendered page: the router's and the queries' state. */
export interface PrerenderData {
  /** Absent on an islands page: no router runs there. */
  router?: HydrationState;
  queries: DehydratedState;
}

/** A JSON script (never run, so the Content-Security-Policy needs no exception for it). */
export const PRERENDER_DATA_ID = 'prerender-data';

/**
 * How the browser takes a rendered page over, on the data script's `data-page`: the whole app at the visitor's
 * first interaction with the page (`app-at-interaction`: a form page, whose form is most of it), or only the
 * page's islands (`islands`, ADR 0033).
 */
export type PageTakeover = 'app-at-interaction' | 'islands';

/** How the browser takes this page over; null for a page the server did not render. */
export function readPageTakeover(): PageTakeover | null {
  const page = document.getElementById(PRERENDER_DATA_ID)?.dataset.page;
  if (page === undefined) return null;
  return page === 'islands' ? 'islands' : 'app-at-interaction';
}

export function readPrerenderData(): PrerenderData | null {
  const text = document.getElementById(PRERENDER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PrerenderData;
  } catch {
    return null;
  }
}
