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
 * How the browser takes a rendered page over, on the data script's `data-page`: the whole app (`app`) or only
 * the page's islands (`islands`, ADR 0033).
 */
export type PageTakeover = 'app' | 'islands';

export function readPrerenderData(): PrerenderData | null {
  const text = document.getElementById(PRERENDER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PrerenderData;
  } catch {
    return null;
  }
}
