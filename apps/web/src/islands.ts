// The islands runtime (ADR 0033): on a page the server rendered as islands, the browser takes over only the parts
// that act, each on its own root and when it is needed; the rest of the page stays the server's HTML. This half
// decides when, and runs no framework: the code that takes an island over (island-roots.tsx, with React) is
// fetched at the first takeover, so a visitor who only reads the page never loads it.
import { historyState } from './shared/handed-over-state';
import { ISLAND_ATTRIBUTES, type IslandWhen } from './shared/islands/island-attributes';
import { holdsSession, STORAGE_KEYS } from './shared/session/storage-keys';

/** How far below the screen an island that waits for the visitor is taken over, so it is ready on arrival. */
const VISIBLE_MARGIN = '200px';

/** The first sign the visitor is about to use an island: a pointer over it, a touch, the keyboard's focus. */
const FIRST_TOUCH = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * Islands whose behaviour is plain DOM work on what the server drew: run without the framework, not hydrated.
 * Each gets its content's root and keeps running for the page's life.
 */
const RUN_WITHOUT_FRAMEWORK: Record<string, () => Promise<(root: HTMLElement) => unknown>> = {
  'feature-tabs': () => import('./features/marketing/feature-tour').then((m) => m.runFeatureTour),
};

const takeovers = new WeakMap<Element, Promise<void>>();

/** Takes the island over now (once): resolves when its controls act. */
export function takeOver(island: Element): Promise<void> {
  const known = takeovers.get(island);
  if (known) return known;
  const run = RUN_WITHOUT_FRAMEWORK[island.getAttribute(ISLAND_ATTRIBUTES.name) ?? ''];
  const root = island.firstElementChild;
  const taking = (
    run && root instanceof HTMLElement
      ? run().then((start) => void start(root))
      : import('./island-roots').then((roots) => roots.takeOver(island))
  ).then(() => island.setAttribute(ISLAND_ATTRIBUTES.ready, ''));
  takeovers.set(island, taking);
  return taking;
}

const whenOf = (island: Element) => (island.getAttribute(ISLAND_ATTRIBUTES.when) ?? 'load') as IslandWhen;

/**
 * The previous page handed this one state (a carousel's chosen card, the plan a card opened): the server could
 * not draw what depends on it, so every island is taken over at once.
 */
const handedState = () => historyState() !== null;

/** Takes over, at its moment, every island of the page; resolves when those wanted at load are done. */
function takeOverIslands(): Promise<unknown> {
  const islands = [...document.querySelectorAll(`[${ISLAND_ATTRIBUTES.slot}]`)];
  const ofKind = (...kinds: IslandWhen[]) => islands.filter((island) => kinds.includes(whenOf(island)));
  const takeOverAll = (some: Element[]) => Promise.all(some.map(takeOver));

  // An island's wrapper draws no box (display: contents), so what comes near the screen is its content's first box.
  const islandOf = new Map<Element, Element>();
  const nearScreen = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const island = islandOf.get(entry.target);
        if (!entry.isIntersecting || !island) continue;
        nearScreen.unobserve(entry.target);
        void takeOver(island);
      }
    },
    { rootMargin: VISIBLE_MARGIN },
  );
  const atFirstTouch = (island: Element) => {
    const now = () => void takeOver(island);
    for (const type of FIRST_TOUCH) island.addEventListener(type, now, { once: true, passive: true });
  };

  const atLoad = handedState()
    ? islands
    : [
        ...ofKind('load', ...(holdsSession() ? (['session'] as const) : [])),
        ...(location.hash ? ofKind('visible') : []),
      ];
  for (const island of islands) {
    if (atLoad.includes(island)) continue;
    if (whenOf(island) === 'visible') {
      const box = island.firstElementChild ?? island;
      islandOf.set(box, island);
      nearScreen.observe(box);
    } else atFirstTouch(island);
  }
  // The address's #hash may point into what an island draws only once taken over (the landing page's #prices).
  window.addEventListener('hashchange', () => void takeOverAll(ofKind('visible')));
  // Signed in in another tab: what shows the session is taken over to show it.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.ACCESS_TOKEN && event.newValue !== null) void takeOverAll(ofKind('session'));
  });
  return takeOverAll(atLoad);
}

// The page is ready for the visitor once the islands wanted at load act (the journeys wait for this mark).
void takeOverIslands().then(() => {
  document.documentElement.dataset.ready = 'true';
});
