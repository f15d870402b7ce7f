import { TESTIMONIAL_CAROUSEL } from '@dpp/shared/constants';
import { Carousel } from 'antd';
import { useRef } from 'react';
import { Picture } from '../../shared/picture/picture';
import { TESTIMONIALS } from './testimonials-data';
import { slideDot, useFocusWithin, useHiddenSlidesInert } from './use-carousel-a11y';
import { useInView } from './use-in-view';
import { useSlidesToShow } from './use-media-query';
import { usePrefersReducedMotion } from './use-reduced-motion';
import './carousel.css';
import './testimonials.css';

const BREAKPOINTS = [
  { below: TESTIMONIAL_CAROUSEL.TWO_SLIDES_BELOW, slides: 2 },
  { below: TESTIMONIAL_CAROUSEL.ONE_SLIDE_BELOW, slides: 1 },
];
const RESPONSIVE = BREAKPOINTS.map(({ below, slides }) => ({
  breakpoint: below,
  settings: { slidesToShow: slides, slidesToScroll: 1 },
}));

/** Six customer stories in a carousel: 3 at a time, 2 below 1360 px, 1 below 800 px. */
export function Testimonials() {
  const rootRef = useRef<HTMLDivElement>(null);
  const inView = useInView(rootRef);
  const reduceMotion = usePrefersReducedMotion();
  const { focused, handlers } = useFocusWithin();
  const slidesToShow = useSlidesToShow(TESTIMONIAL_CAROUSEL.SLIDES, BREAKPOINTS);
  useHiddenSlidesInert(rootRef);

  return (
    <section className="lp-section" aria-labelledby="lp-testimonials-title">
      <div className="container">
        <header className="lp-section__header">
          <p className="lp-section__eyebrow">Testimonials</p>
          <h2 id="lp-testimonials-title" className="lp-section__title">
            What our customers say
          </h2>
          <p className="lp-section__lead">Coaches, founders and operators who plan with Digital Project Planner.</p>
        </header>
        <div ref={rootRef} className="lp-testimonials" {...handlers}>
          <Carousel
            rootClassName="lp-carousel"
            arrows
            dots
            customPaging={slideDot}
            autoplay={!reduceMotion && inView && !focused}
            autoplaySpeed={TESTIMONIAL_CAROUSEL.AUTOPLAY_MS}
            pauseOnHover
            slidesToShow={slidesToShow}
            slidesToScroll={1}
            responsive={RESPONSIVE}
          >
            {TESTIMONIALS.map((t) => (
              <div key={t.name} className="lp-slide">
                <figure className="lp-testimonial">
                  <blockquote className="lp-testimonial__quote">
                    <p>{t.description}</p>
                  </blockquote>
                  <figcaption className="lp-testimonial__person">
                    <Picture
                      className="lp-testimonial__photo"
                      src={t.image}
                      alt=""
                      width={160}
                      height={160}
                      sizes="64px"
                      loading="lazy"
                      decoding="async"
                    />
                    <span>
                      <span className="lp-testimonial__name">{t.name}</span>
                      <span className="lp-testimonial__role">{t.role}</span>
                    </span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </Carousel>
        </div>
      </div>
    </section>
  );
}
