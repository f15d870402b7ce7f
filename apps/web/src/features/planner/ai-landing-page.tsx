import { Island } from '../../shared/islands';
import { PageLink } from '../../shared/navigation';
import { useDocumentTitle } from '../../shared/use-document-title';
import { Benefits } from '../marketing/benefits';
import { SuccessSection } from '../marketing/closing-band';
import { FeatureTabs } from '../marketing/feature-tabs';
import { Integrations } from '../marketing/integrations';
import { PricingSection } from '../marketing/pricing-section';
import '../marketing/landing.css';
import './planner.css';

/** /ai: the AI planner's landing, built from the home page's marketing blocks; an islands page (ADR 0033). */
export function AiLandingPage() {
  useDocumentTitle('Project Planning+AI');
  return (
    <div className="lp-landing">
      <section className="ai-hero" aria-labelledby="ai-hero-title">
        <div className="container">
          <h1 id="ai-hero-title">Project Planning+AI</h1>
          <p>Answer six questions and get a SMART goal, the right project, a success plan and a task list.</p>
          <PageLink className="lp-button lp-button--primary lp-button--large" to="/ai/preview">
            {/* The product's label (docs/product-rules.md, Texts); the hidden words tell a screen reader and a
                search engine where it goes. */}
            Go<span className="visually-hidden"> to the AI planner</span>
          </PageLink>
        </div>
      </section>
      <Island name="feature-tabs" when="visible">
        <FeatureTabs />
      </Island>
      <Benefits />
      <Integrations />
      <Island name="pricing" when="visible">
        <PricingSection fetchEnabled />
      </Island>
      <Island name="success-section" when="visible">
        <SuccessSection />
      </Island>
    </div>
  );
}
