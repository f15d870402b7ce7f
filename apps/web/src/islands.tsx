// The islands runtime (ADR 0033): on a page the server rendered as islands, the browser takes over only the
// parts that act, each on its own root and when it is needed; the rest of the page stays the server's HTML.
import { hydrate } from '@tanstack/react-query';
import { type ComponentType, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPrerenderData } from './app/prerender-data';
import { createQueryClient } from './app/query-client';
import { adoptHandedOverState } from './shared/handed-over-state';
import { ISLAND_ATTRIBUTES, IslandFrame, type IslandWhen, islandIdPrefix } from './shared/islands';
import { SessionKeeper } from './shared/session';
import { beginHydration } from './shared/use-hydrated';

// biome-ignore lint/suspicious/noExplicitAny: an island's props come from the page's JSON
type IslandComponent = ComponentType<any>;

/** Every island a page may hold, by the name its `<Island>` gives; each loads its own code. */
const ISLANDS: Record<string, () => Promise<IslandComponent>> = {
  'site-header': () => import('./app/layout/site-header').then((m) => m.SiteHeader),
  hero: () => import('./features/marketing/hero').then((m) => m.Hero),
  'feature-tabs': () => import('./features/marketing/feature-tabs').then((m) => m.FeatureTabs),
  'landing-lower': () => import('./features/marketing/lower-sections').then((m) => m.LowerSections),
  pricing: () => import('./features/marketing/pricing-section').then((m) => m.PricingSection),
  'success-section': () => import('./features/marketing/closing-band').then((m) => m.SuccessSection),
  'support-faq': () => import('./features/legal/support-faq').then((m) => m.SupportFaq),
  'free-templates': () => import('./features/templates/template-grid').then((m) => m.TemplateGrid),
  'premium-templates': () => import('./features/templates/template-grid').then((m) => m.TemplateGrid),
  'plan-media': () => import('./features/templates/plan-detail-parts').then((m) => m.PlanMedia),
  'get-project-plan': () => import('./features/templates/plan-detail-parts').then((m) => m.GetProjectPlan),
  'plan-tabs': () => import('./features/templates/plan-detail-parts').then((m) => m.PlanTabs),
  'contact-us-button': () => import('./features/templates/contact-us-button').then((m) => m.ContactUsButton),
};

/** How far below the screen an island that waits for the visitor is taken over, so it is ready on arrival. */
const VISIBLE_MARGIN = '200px';

adoptHandedOverState();
const queryClient = createQueryClient();
const data = readPrerenderData();
if (data) hydrate(queryClient, data.queries);
// Each island starts as the server drew it, whenever it is taken over (useHydrated).
beginHydration();

const takeovers = new WeakMap<Element, Promise<void>>();

/** Takes the island over now (once): resolves when its controls act. */
export function takeOver(island: Element): Promise<void> {
  const known = takeovers.get(island);
  if (known) return known;
  const taking = (async () => {
    const name = island.getAttribute(ISLAND_ATTRIBUTES.name) ?? '';
    const load = ISLANDS[name];
    if (!load) throw new Error(`No island is called ${name}.`);
    const Component = await load();
    const props = JSON.parse(island.getAttribute(ISLAND_ATTRIBUTES.props) ?? '{}') as object;
    const slot = Number(island.getAttribute(ISLAND_ATTRIBUTES.slot));
    await new Promise<void>((resolve) => {
      // A transition: taking an island over yields to the browser between components.
      startTransition(() => {
        hydrateRoot(
          island,
          <StrictMode>
            <IslandFrame queryClient={queryClient} onTakenOver={resolve}>
              <Component {...props} />
            </IslandFrame>
          </StrictMode>,
          { identifierPrefix: islandIdPrefix(name, slot) },
        );
      });
    });
    island.setAttribute(ISLAND_ATTRIBUTES.ready, '');
  })();
  takeovers.set(island, taking);
  return taking;
}

const whenOf = (island: Element) => (island.getAttribute(ISLAND_ATTRIBUTES.when) ?? 'load') as IslandWhen;

/** Takes over, at its moment, every island of the page; resolves when those wanted at load are done. */
function takeOverIslands(): Promise<unknown> {
  const islands = [...document.querySelectorAll(`[${ISLAND_ATTRIBUTES.slot}]`)];
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
  const atLoad: Promise<void>[] = [];
  for (const island of islands) {
    const when = whenOf(island);
    if (when === 'load') atLoad.push(takeOver(island));
    else if (when === 'visible') {
      const box = island.firstElementChild ?? island;
      islandOf.set(box, island);
      nearScreen.observe(box);
    } else {
      // The first sign the visitor is about to use it: a pointer over it, a touch, the keyboard's focus.
      const now = () => void takeOver(island);
      for (const type of ['pointerover', 'touchstart', 'focusin'])
        island.addEventListener(type, now, { once: true, passive: true });
    }
  }
  return Promise.all(atLoad);
}

/** Keeps the session (renewal, expiry, other tabs) as the app does, on a root of its own that draws nothing. */
function keepSession() {
  createRoot(document.createElement('div')).render(
    <IslandFrame queryClient={queryClient}>
      <SessionKeeper />
    </IslandFrame>,
  );
}

keepSession();
// The page is ready for the visitor once the islands wanted at load act (the journeys wait for this mark).
void takeOverIslands().then(() => {
  document.documentElement.dataset.ready = 'true';
});
