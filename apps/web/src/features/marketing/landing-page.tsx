import { PLANS_FETCH_DELAY_MS } from '@dpp/shared/constants';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePlans } from '../../shared/catalogue/api';
import { FeatureTabs } from './feature-tabs';
import { Hero } from './hero';
import { useDelayedFlag } from './use-interval';
import { useNearViewport } from './use-near-viewport';
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
  const placeholderRef = useRef<HTMLDivElement>(null);
  const plansFetchEnabled = useDelayedFlag(PLANS_FETCH_DELAY_MS);
  usePlans({ enabled: plansFetchEnabled });
  const near = useNearViewport(placeholderRef, hash !== '');
  const showLowerSections = near || hash !== '';

  useEffect(() => {
    document.title = PAGE_TITLE;
  }, []);

  return (
    <div className="lp-landing">
      <Hero />
      <FeatureTabs />
      {showLowerSections ? (
        <Suspense fallback={<div className="lp-deferred" />}>
          <BelowTheFold plansFetchEnabled={plansFetchEnabled} />
        </Suspense>
      ) : (
        <div ref={placeholderRef} className="lp-deferred" />
      )}
    </div>
  );
}
