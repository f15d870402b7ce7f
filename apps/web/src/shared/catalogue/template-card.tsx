import { isFreeTagList, templateImage, templateTags } from '@dpp/shared/rules/templates';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import { Picture } from '../picture/picture';
import './template-card.css';

/** The navigation state a card hands to the detail page, so it draws before its own fetch returns. */
export interface TemplateCardState {
  template: ProjectPlan;
  isPaid: boolean;
  isFree: boolean;
}

interface TemplateCardProps {
  template: ProjectPlan;
  onLearnMore: (template: ProjectPlan) => void;
  /** Eagerly load the image of cards in the first screen; the very first gets high priority. */
  eager?: boolean | 'high';
  highlighted?: boolean;
  headingLevel?: 2 | 3;
}

/** A card is a column of the grid: three across, two below 992 px, one below 768 px (the container is 1200 px). */
const CARD_SIZES = '(max-width: 767px) 100vw, (max-width: 991px) 50vw, 390px';

export function TemplateCard({ template, onLearnMore, eager, highlighted, headingLevel = 3 }: TemplateCardProps) {
  const image = templateImage(template);
  const tags = templateTags(template);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`template-card${highlighted ? ' template-card--highlighted' : ''}`}>
      <div className="template-card__media">
        {image.kind !== 'none' && (
          <Picture
            src={image.src}
            alt={image.kind === 'image' ? `${template.product_name} cover` : ''}
            width={640}
            height={400}
            sizes={CARD_SIZES}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager === 'high' ? 'high' : 'auto'}
            decoding="async"
          />
        )}
        {isFreeTagList(tags) && <span className="template-card__badge">FREE</span>}
      </div>
      <div className="template-card__body">
        <p className="template-card__category">{template.category}</p>
        <Heading className="template-card__title">{template.product_name}</Heading>
        <p className="template-card__description">{template.description.split(/\n\s*\n/)[0]}</p>
        <button
          type="button"
          className="template-card__button"
          onClick={() => onLearnMore(template)}
          aria-label={`Learn more about ${template.product_name}`}
        >
          Learn more
        </button>
      </div>
    </article>
  );
}
