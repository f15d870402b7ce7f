import { Island } from '../../shared/islands';
import { useDocumentTitle } from '../../shared/use-document-title';
import { FeatureTabs } from './feature-tabs';
import { Hero } from './hero';
import { LowerSections } from './lower-sections';
import './landing.css';

const PAGE_TITLE = 'Digital Project Planner | AI project plans for entrepreneurs';

/**
 * The landing page (/). The hero and the feature tour render at once; the lower sections load as the visitor
 * nears them. On the page the server sends, each of the three is an island (ADR 0033): the hero is taken over at
 * load for a member (its offer is theirs) and when used by a visitor, the others as they come near the screen.
 */
export function LandingPage() {
  useDocumentTitle(PAGE_TITLE, { full: true });
  return (
    <div className="lp-landing">
      <Island name="hero" when="session">
        <Hero />
      </Island>
      <Island name="feature-tabs" when="visible">
        <FeatureTabs />
      </Island>
      <Island name="landing-lower" when="visible">
        <LowerSections />
      </Island>
    </div>
  );
}
