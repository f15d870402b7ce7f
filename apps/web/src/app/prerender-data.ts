import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What the server hands the browser with a rendered page: the router's and the queries' state. */
export interface PrerenderData {
  router: HydrationState;
  queries: DehydratedState;
}

/** A JSON script (never run, so the Content-Security-Policy needs no exception for it). */
export const PRERENDER_DATA_ID = 'prerender-data';

export function readPrerenderData(): PrerenderData | null {
  const text = document.getElementById(PRERENDER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PrerenderData;
  } catch {
    return null;
  }
}
