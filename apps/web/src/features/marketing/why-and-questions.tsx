import { GotQuestions, WhyChooseUs } from '../../shared/marketing-sections';

/** The shared 'Why Choose Us' and 'Got Questions?' sections, in the landing page's column. */
export function WhyAndQuestions() {
  return (
    <div className="container lp-marketing-sections">
      <WhyChooseUs />
      <GotQuestions />
    </div>
  );
}
