import { lazy } from 'react';
import { Benefits } from './benefits';
import { SuccessSection } from './closing-band';
import { Deferred } from './deferred';
import { Integrations } from './integrations';
import { PricingSection } from './pricing-section';
import { TemplateCarousel } from './template-carousel';
import { Testimonials } from './testimonials';

// The shared sections are built on heavier antd parts (Card, Typography, Grid): their own chunk, loaded on approach.
const WhyAndQuestions = lazy(() => import('./why-and-questions').then((m) => ({ default: m.WhyAndQuestions })));

interface BelowTheFoldProps {
  plansFetchEnabled: boolean;
}

/** Everything under the first screen; a separate chunk, so the carousels and cards never delay the headline. */
export function BelowTheFold({ plansFetchEnabled }: BelowTheFoldProps) {
  return (
    <>
      <Benefits />
      <Integrations />
      <TemplateCarousel />
      <Deferred placeholderClassName="lp-marketing-placeholder">
        <WhyAndQuestions />
      </Deferred>
      <PricingSection fetchEnabled={plansFetchEnabled} />
      <Testimonials />
      <SuccessSection />
    </>
  );
}
