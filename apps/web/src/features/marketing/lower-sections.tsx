import { PLANS_FETCH_DELAY_MS } from '@dpp/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { useInIsland } from '../../shared/islands';
import { usePageLocation } from '../../shared/navigation';
import { seekHashTarget } from '../../shared/scroll-to-hash';
import { Deferred } from './deferred';
import { useDelayedFlag } from './use-delayed-flag';

const BelowTheFold = lazy(() => import('./below-the-fold').then((m) => ({ default: m.BelowTheFold })));

/**
 * The landing page's lower sections: a separate chunk fetched when the visitor scrolls towards them, or at once
 * when the address has a hash such as #prices. Plans are requested a second after the page appeared, whether or
 * not the visitor scrolls.
 */
export function LowerSections() {
  const { hash } = usePageLocation();
  const queryClient = useQueryClient();
  const plansFetchEnabled = useDelayedFlag(PLANS_FETCH_DELAY_MS);
  // In the app the layout scrolls to a #hash; on the islands page nothing else will.
  const inIsland = useInIsland();

  useEffect(() => {
    if (!plansFetchEnabled) return;
    import('./prefetch-plans')
      .then((m) => m.prefetchPlans(queryClient))
      .catch(() => {
        // The chunk could not load (offline): the pricing section fetches the plans itself when it renders.
      });
  }, [plansFetchEnabled, queryClient]);

  useEffect(() => {
    if (inIsland && hash) return seekHashTarget(hash);
  }, [inIsland, hash]);

  return (
    <Deferred placeholderClassName="lp-deferred" eager={hash !== ''}>
      <BelowTheFold plansFetchEnabled={plansFetchEnabled} />
    </Deferred>
  );
}
