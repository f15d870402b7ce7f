import { templateListSections } from '@dpp/shared/rules/templates';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import { useEffect } from 'react';
import { useTemplates } from '../../shared/catalogue/catalogue.api';
import { TemplateCard, type TemplateCardState } from '../../shared/catalogue/template-card';
import { usePageLocation, usePageNavigate } from '../../shared/navigation';
import { useHydrated } from '../../shared/use-hydrated';

/** State a carousel card's 'Learn more' hands to the list. */
interface ChosenPlanState {
  chosenPlanId?: number;
  isPaid?: boolean;
}

interface TemplateGridProps {
  /** Which of the list's sections (docs/product-rules.md, Templates). */
  section: 'free' | 'premium';
  /** The grid at the top of the page: its first images load first. */
  firstScreen?: boolean;
}

/**
 * One section's cards, read from the catalogue's query (the page's own data on a server-rendered page). The card a
 * carousel chose is highlighted and scrolled to.
 */
export function TemplateGrid({ section, firstScreen = false }: TemplateGridProps) {
  const { data } = useTemplates();
  const navigate = usePageNavigate();
  const { state } = usePageLocation();
  // The server knows nothing of the history entry's state: the chosen card shows once the browser has the page,
  // or hydration would keep the server's unhighlighted card.
  const hydrated = useHydrated();
  const chosenId = hydrated ? (state as ChosenPlanState | null)?.chosenPlanId : undefined;
  const templates = templateListSections(data ?? [])[section];
  const chosenHere = templates.some((t) => t.id === chosenId);

  useEffect(() => {
    if (chosenHere)
      document.getElementById(`plan-${chosenId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [chosenHere, chosenId]);

  const open = (template: ProjectPlan) => {
    const cardState: TemplateCardState = { template, isPaid: false, isFree: template.free };
    navigate(`/project-plans/${template.id}`, { state: cardState });
  };
  return (
    <ul className="card-grid">
      {templates.map((t, index) => (
        <li key={t.id} id={`plan-${t.id}`}>
          <TemplateCard
            template={t}
            onLearnMore={open}
            eager={firstScreen && index === 0 ? 'high' : firstScreen && index < 3}
            highlighted={t.id === chosenId}
          />
        </li>
      ))}
    </ul>
  );
}
