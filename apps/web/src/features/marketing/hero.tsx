import { FEATURED_TEMPLATE_SLUG, LANDING_ROTATING_PHRASES } from '@dpp/shared/constants';
import { CtaButton } from './cta-button';
import { HeroDecoration } from './hero-decoration';
import { CheckCircleIcon } from './icons';
import { RotatingPhrase } from './rotating-phrase';
import './hero.css';
import { PageLink } from '../../shared/navigation';

/** The first screen: renders at once, without waiting for any data (it holds the page's largest text). */
export function Hero() {
  return (
    <section className="lp-hero" aria-labelledby="lp-hero-title">
      <div className="container lp-hero__inner">
        <div className="lp-hero__copy">
          <p className="lp-hero__eyebrow">AI project planning for entrepreneurs</p>
          <h1 id="lp-hero-title" className="lp-hero__title">
            Turn your goal into a <span className="lp-hero__nowrap">ready-to-run</span>{' '}
            <RotatingPhrase phrases={LANDING_ROTATING_PHRASES} />
          </h1>
          <p className="lp-hero__subtitle">
            Digital Project Planner turns a business goal into a SMART goal, the right projects and a step-by-step task
            list, then sends it to Asana, Monday or ClickUp so your team can start today.
          </p>
          <div className="lp-hero__actions">
            <CtaButton action="hero" className="lp-hero__cta" />
            <PageLink className="lp-hero__secondary" to={`/project-plans/${FEATURED_TEMPLATE_SLUG}`}>
              Try our templates for Free
            </PageLink>
          </div>
          <p className="lp-hero__trust">
            <span className="lp-hero__trust-icon">
              <CheckCircleIcon />
            </span>
            No credit card required
          </p>
        </div>
        <HeroDecoration />
      </div>
    </section>
  );
}
