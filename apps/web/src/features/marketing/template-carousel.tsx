import { CAROUSEL_CATEGORIES, TEMPLATE_CAROUSEL, type TemplateCategory } from '@dpp/shared/constants';
import { carouselTemplates } from '@dpp/shared/rules/templates';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import { Carousel } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTemplates } from '../../shared/catalogue/catalogue.api';
import { TemplateCard } from '../../shared/catalogue/template-card';
import { LoadError } from './load-error';
import { useFocusWithin, useHiddenSlidesInert } from './use-carousel-a11y';
import { useInView } from './use-in-view';
import { useSlidesToShow } from './use-media-query';
import { usePrefersReducedMotion } from './use-reduced-motion';
import './carousel.css';
import './template-carousel.css';
import { PageLink, usePageNavigate } from '../../shared/navigation';

type Filter = 'All' | TemplateCategory;
const FILTERS: readonly Filter[] = ['All', ...CAROUSEL_CATEGORIES];

/** One slide at 768 px and 576 px and below. */
const SINGLE_SLIDE = TEMPLATE_CAROUSEL.SINGLE_SLIDE_BELOW.map((below) => ({ below, slides: 1 }));

/** The carousel's navigation state for the template list: which card to highlight. */
interface ChosenPlanState {
  chosenPlanId: number;
  isPaid: boolean;
}

function TemplateSkeleton() {
  return (
    <div className="lp-templates__skeleton" role="status">
      <span className="lp-sr-only">Loading templates…</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className="lp-templates__skeleton-card" aria-hidden="true">
          <span className="lp-skeleton lp-templates__skeleton-media" />
          <span className="lp-templates__skeleton-body">
            <span className="lp-skeleton lp-templates__skeleton-line" />
            <span className="lp-skeleton lp-templates__skeleton-line lp-templates__skeleton-line--title" />
            <span className="lp-skeleton lp-templates__skeleton-line" />
            <span className="lp-skeleton lp-templates__skeleton-line lp-templates__skeleton-line--short" />
            <span className="lp-skeleton lp-templates__skeleton-button" />
          </span>
        </div>
      ))}
    </div>
  );
}

function TemplateSlides({ templates }: { templates: ProjectPlan[] }) {
  const navigate = usePageNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const inView = useInView(rootRef);
  const reduceMotion = usePrefersReducedMotion();
  const { focused, handlers } = useFocusWithin();
  useHiddenSlidesInert(rootRef);

  const learnMore = (template: ProjectPlan) => {
    const state: ChosenPlanState = { chosenPlanId: template.id, isPaid: false };
    navigate('/project-plans', { state });
  };
  const slidesToShow = useSlidesToShow(TEMPLATE_CAROUSEL.SLIDES, SINGLE_SLIDE);
  const many = templates.length > slidesToShow;
  return (
    <div ref={rootRef} className="lp-templates__carousel" {...handlers}>
      <Carousel
        rootClassName="lp-carousel"
        arrows
        dots={false}
        autoplay={!reduceMotion && inView && !focused}
        autoplaySpeed={TEMPLATE_CAROUSEL.AUTOPLAY_MS}
        pauseOnHover
        infinite={many}
        slidesToShow={slidesToShow}
        slidesToScroll={1}
        responsive={SINGLE_SLIDE.map(({ below, slides }) => ({
          breakpoint: below,
          settings: { slidesToShow: slides, slidesToScroll: 1, infinite: templates.length > slides },
        }))}
      >
        {templates.map((template) => (
          <div key={template.id} className="lp-slide">
            <TemplateCard template={template} onLearnMore={learnMore} />
          </div>
        ))}
      </Carousel>
    </div>
  );
}

/** A slider of active templates from the three planning categories, with a category filter. */
export function TemplateCarousel() {
  const { data, isPending, isError, refetch, isFetching } = useTemplates();
  const [filter, setFilter] = useState<Filter>('All');
  const templates = useMemo(() => carouselTemplates(data ?? []), [data]);
  const shown = filter === 'All' ? templates : templates.filter((t) => t.category === filter);

  let content: ReactNode;
  if (isPending) {
    content = <TemplateSkeleton />;
  } else if (isError) {
    content = (
      <LoadError
        message="We could not load the templates. Please check your connection and try again."
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  } else if (shown.length === 0) {
    content = <p className="lp-templates__empty">New templates for this category are coming soon.</p>;
  } else {
    content = <TemplateSlides key={filter} templates={shown} />;
  }

  return (
    <section className="lp-section" aria-labelledby="lp-templates-title">
      <div className="container">
        <header className="lp-section__header">
          <p className="lp-section__eyebrow">Templates</p>
          <h2 id="lp-templates-title" className="lp-section__title">
            Start from a proven project plan
          </h2>
          <p className="lp-section__lead">
            Ready-to-run plans with every section, task and subtask in place. Pick one and upload it in minutes.
          </p>
        </header>
        <fieldset className="lp-templates__filters">
          <legend className="lp-sr-only">Filter templates by category</legend>
          {FILTERS.map((option) => (
            <button
              key={option}
              type="button"
              className={option === filter ? 'lp-filter lp-filter--active' : 'lp-filter'}
              aria-pressed={option === filter}
              onClick={() => setFilter(option)}
            >
              {option}
            </button>
          ))}
        </fieldset>
        <div className="lp-templates__stage">{content}</div>
        <p className="lp-templates__more">
          <PageLink to="/project-plans">Browse all project plans</PageLink>
        </p>
      </div>
    </section>
  );
}
