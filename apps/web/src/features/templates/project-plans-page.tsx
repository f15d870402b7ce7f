import { TEMPLATE_LIST_TOTAL } from '@dpp/shared/constants';
import { templateListSections } from '@dpp/shared/rules/templates';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import { Alert, Button } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTemplates } from '../../shared/catalogue/catalogue.api';
import { TemplateCard, type TemplateCardState } from '../../shared/catalogue/template-card';
import './templates.css';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useHydrated } from '../../shared/use-hydrated';

/** State a carousel card's 'Learn more' hands to this page. */
interface ChosenPlanState {
  chosenPlanId?: number;
  isPaid?: boolean;
}

interface CardGridProps {
  templates: ProjectPlan[];
  chosenId: number | undefined;
  /** The grid at the top of the page: its first images load first. */
  firstScreen?: boolean;
}

function CardGrid({ templates, chosenId, firstScreen = false }: CardGridProps) {
  const navigate = useNavigate();
  const open = (template: ProjectPlan) => {
    const state: TemplateCardState = { template, isPaid: false, isFree: template.free };
    navigate(`/project-plans/${template.id}`, { state });
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

export function ProjectPlansPage() {
  const { data, isLoading, isError, refetch } = useTemplates();
  const navigate = useNavigate();
  const { state } = useLocation() as { state: ChosenPlanState | null };
  // The page the server rendered knows nothing of the history entry's state: the chosen card is shown once the
  // app has taken the page over, or hydration would keep the server's unhighlighted card.
  const hydrated = useHydrated();
  const chosenId = hydrated ? state?.chosenPlanId : undefined;
  const sections = templateListSections(data ?? []);

  useDocumentTitle('Project Plans');
  useEffect(() => {
    if (chosenId !== undefined && data) {
      document.getElementById(`plan-${chosenId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    }
  }, [chosenId, data]);

  return (
    <div className="container templates-page">
      <header className="templates-page__intro">
        <h1>Project Plans</h1>
        <p>
          Ready-to-run plans written by operators, with every section, task and subtask in place. Pick one, upload it to
          Asana, ClickUp or monday.com, and start executing today.
        </p>
      </header>
      <aside className="templates-page__info" aria-label="New plans">
        <p>New project plans are added often. Need a plan that is not here yet? Tell us what you are working on.</p>
        <Button onClick={() => navigate('/contact-us')}>Contact us</Button>
      </aside>
      {isError && (
        <Alert
          type="error"
          showIcon
          title="We could not load the project plans."
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      )}
      {isLoading && (
        <div className="card-grid card-grid--loading" role="status">
          <span className="visually-hidden">Loading project plans…</span>
        </div>
      )}
      {data && (
        <>
          <section aria-labelledby="free-templates">
            <h2 id="free-templates">Free Templates</h2>
            <CardGrid templates={sections.free} chosenId={chosenId} firstScreen />
          </section>
          <section aria-labelledby="premium-templates">
            <h2 id="premium-templates">Premium Templates</h2>
            <CardGrid templates={sections.premium} chosenId={chosenId} />
          </section>
          {/* The product keeps a pagination control that stays hidden: every plan fits on one page. */}
          <nav hidden aria-label="Project plan pages" data-total={TEMPLATE_LIST_TOTAL}>
            Page 1 of 1
          </nav>
        </>
      )}
    </div>
  );
}
