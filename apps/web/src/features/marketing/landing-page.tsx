import { PLANS_FETCH_DELAY_MS } from '@dpp/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { useLocation } from 'react-router';
import { Deferred } from './deferred';
import { FeatureTabs } from './feature-tabs';
import { Hero } from './hero';
import { useDelayedFlag } from './use-interval';
import './landing.css';

const BelowTheFold = lazy(() => import('./below-the-fold').then((m) => ({ default: m.BelowTheFold })));

const PAGE_TITLE = 'Digital Project Planner | AI project plans for entrepreneurs';

/**
 * The landing page (/). The hero and the feature tour render at once; the lower sections are a separate
 * chunk fetched when the visitor scrolls towards them, or at once when the address has a hash such as
 * #prices. Plans are requested a second after the page appeared, whether or not the visitor scrolls.
 */
export function LandingPage() {
  const { hash } = useLocation();
  const queryClient = useQueryClient();
  const plansFetchEnabled = useDelayedFlag(PLANS_FETCH_DELAY_MS);

  useEffect(() => {
    document.title = PAGE_TITLE;
  }, []);

  // Plans are requested a second after the page appeared, even if the pricing section is not rendered yet.
  useEffect(() => {
    if (!plansFetchEnabled) return;
    import('./prefetch-plans')
      .then((m) => m.prefetchPlans(queryClient))
      .catch(() => {
        // The chunk could not load (offline): the pricing section fetches the plans itself when it renders.
      });
  }, [plansFetchEnabled, queryClient]);

  return (
    <div className="lp-landing">
      <Hero />
      <FeatureTabs />
      <Deferred placeholderClassName="lp-deferred" eager={hash !== ''}>
        <BelowTheFold plansFetchEnabled={plansFetchEnabled} />
      </Deferred>
    </div>
  );
}
