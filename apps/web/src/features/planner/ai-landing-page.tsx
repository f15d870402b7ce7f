import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/use-document-title';
import { Benefits } from '../marketing/benefits';
import { SuccessSection } from '../marketing/closing-band';
import { FeatureTabs } from '../marketing/feature-tabs';
import { Integrations } from '../marketing/integrations';
import { PricingSection } from '../marketing/pricing-section';
import '../marketing/landing.css';
import './planner.css';

/** /ai: the AI planner's landing, built from the home page's marketing blocks. */
export function AiLandingPage() {
  useDocumentTitle('Project Planning+AI');
  return (
    <div className="lp-landing">
      <section className="ai-hero" aria-labelledby="ai-hero-title">
        <div className="container">
          <h1 id="ai-hero-title">Project Planning+AI</h1>
          <p>Answer six questions and get a SMART goal, the right project, a success plan and a task list.</p>
          <Link className="lp-button lp-button--primary lp-button--large" to="/ai/preview">
            {/* The product's label (docs/product-rules.md, Texts); the hidden words tell a screen reader and a
                search engine where it goes. */}
            Go<span className="visually-hidden"> to the AI planner</span>
          </Link>
        </div>
      </section>
      <FeatureTabs />
      <Benefits />
      <Integrations />
      <PricingSection fetchEnabled />
      <SuccessSection />
    </div>
  );
}
