// The islands runtime's second half (ADR 0033): what takes an island over, with React, on a root of its own. The
// first half (islands.ts) decides when, and fetches this only at the first takeover: a page a visitor only reads
// runs none of the framework.
import { hydrate } from '@tanstack/react-query';
import { type ComponentType, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPrerenderData } from './app/prerender-data';
import { createQueryClient } from './app/query-client';
import { ISLAND_ATTRIBUTES, IslandFrame, islandIdPrefix } from './shared/islands';
import { SessionKeeper } from './shared/session';
import { beginHydration } from './shared/use-hydrated';

// biome-ignore lint/suspicious/noExplicitAny: an island's props come from the page's JSON
type IslandComponent = ComponentType<any>;

/**
 * Every island a page may hold that React takes over, by the name its `<Island>` gives; each loads its own code.
 * (Those run without the framework are listed in islands.ts.)
 */
const ISLANDS: Record<string, () => Promise<IslandComponent>> = {
  hero: () => import('./features/marketing/hero').then((m) => m.Hero),
  'landing-lower': () => import('./features/marketing/lower-sections').then((m) => m.LowerSections),
  pricing: () => import('./features/marketing/pricing-section').then((m) => m.PricingSection),
  'success-section': () => import('./features/marketing/closing-band').then((m) => m.SuccessSection),
  'free-templates': () => import('./features/templates/template-grid').then((m) => m.TemplateGrid),
  'premium-templates': () => import('./features/templates/template-grid').then((m) => m.TemplateGrid),
  'plan-media': () => import('./features/templates/plan-detail-parts').then((m) => m.PlanMedia),
  'get-project-plan': () => import('./features/templates/plan-detail-parts').then((m) => m.GetProjectPlan),
  'plan-tabs': () => import('./features/templates/plan-detail-parts').then((m) => m.PlanTabs),
  'contact-us-button': () => import('./features/templates/contact-us-button').then((m) => m.ContactUsButton),
};

const queryClient = createQueryClient();
const data = readPrerenderData();
if (data) hydrate(queryClient, data.queries);
// Each island starts as the server drew it, whenever it is taken over (useHydrated).
beginHydration();

/** Takes the island over (the islands runtime asks once per island): resolves when its controls act. */
export async function takeOver(island: Element): Promise<void> {
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
}

/**
 * Keeps the session (renewal, expiry, other tabs) as the app does, on a root of its own that draws nothing: from
 * the first takeover, which is at load when the browser holds a session (islands.ts).
 */
createRoot(document.createElement('div')).render(
  <IslandFrame queryClient={queryClient}>
    <SessionKeeper />
  </IslandFrame>,
);
