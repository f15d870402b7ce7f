import { GotQuestions, WhyChooseUs } from '../../shared/marketing-sections';
import { Benefits } from './benefits';
import { SuccessSection } from './closing-band';
import { Integrations } from './integrations';
import { PricingSection } from './pricing-section';
import { TemplateCarousel } from './template-carousel';
import { Testimonials } from './testimonials';

interface BelowTheFoldProps {
  plansFetchEnabled: boolean;
}

/**
 * Everything under the first screen. It is a separate chunk, loaded right after the hero has painted,
 * so the carousels and cards never delay the headline.
 */
export function BelowTheFold({ plansFetchEnabled }: BelowTheFoldProps) {
  return (
    <>
      <Benefits />
      <Integrations />
      <TemplateCarousel />
      <div className="container lp-marketing-sections">
        <WhyChooseUs />
        <GotQuestions />
      </div>
      <PricingSection fetchEnabled={plansFetchEnabled} />
      <Testimonials />
      <SuccessSection />
    </>
  );
}
