// What an island's element carries, read by the server, the islands runtime and boot.ts (which must stay free of
// React: it is the page's first script).

/**
 * When the browser takes an island over (islands.ts): once the page has loaded; when it comes near the screen;
 * at the first touch; or, for what shows the visitor's session (an offer: the landing hero), at once when the
 * browser holds a session and at the first touch when it does not (the server draws what a visitor sees).
 */
export type IslandWhen = 'load' | 'visible' | 'interaction' | 'session';

/** The attributes of an island's element. */
export const ISLAND_ATTRIBUTES = {
  name: 'data-island',
  when: 'data-island-when',
  props: 'data-island-props',
  slot: 'data-island-slot',
  /** Set once the browser has taken the island over: its controls act from then on. */
  ready: 'data-island-ready',
} as const;

/**
 * The `useId` prefix of an island's root, the same on the server and in the browser: ids an island draws (a
 * menu's `aria-controls`) match, and never collide with another island's.
 */
export const islandIdPrefix = (name: string, slot: number) => `${name}-${slot}-`;
