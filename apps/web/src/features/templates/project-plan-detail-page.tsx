import { paragraphs } from '@dpp/shared/rules/display';
import { templatePriceDollars, templateTags } from '@dpp/shared/rules/templates';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import { Alert, Button, Skeleton } from 'antd';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { useTemplate } from '../../shared/catalogue/catalogue.api';
import type { TemplateCardState } from '../../shared/catalogue/template-card';
import { Island } from '../../shared/islands';
import { useDocumentTitle } from '../../shared/use-document-title';
import { NotFound } from '../errors/notice';
import { GetProjectPlan, PlanMedia, PlanTabs } from './plan-detail-parts';
import './templates.css';

function AboutPlan({ template }: { template: ProjectPlan }) {
  const { outline } = template;
  return (
    <ul className="plan-detail__about" aria-label="About this plan">
      <li>
        <strong>{outline.sections.length}</strong> sections, <strong>{outline.task_count}</strong> tasks and{' '}
        <strong>{outline.subtask_count}</strong> subtasks
      </li>
      {outline.duration_days > 0 && (
        <li>
          Scheduled over <strong>{outline.duration_days}</strong> days from your start date
        </li>
      )}
      <li>Uploads to Asana, ClickUp or monday.com in a few clicks</li>
    </ul>
  );
}

export function ProjectPlanDetailPage() {
  const { projectPlanId = '' } = useParams();
  const location = useLocation();
  const cardState = location.state as TemplateCardState | null;
  const initial =
    cardState?.template && String(cardState.template.id) === projectPlanId ? cardState.template : undefined;
  const { data: template, error, isLoading, refetch } = useTemplate(projectPlanId, initial);

  useDocumentTitle(template?.product_name);

  if (error instanceof ApiError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED')) {
    return <NotFound />;
  }
  if (isLoading || !template) {
    return (
      <div className="container plan-detail">
        {error ? (
          <Alert
            type="error"
            showIcon
            title="We could not load this project plan."
            action={<Button onClick={() => void refetch()}>Try again</Button>}
          />
        ) : (
          <div className="plan-detail__hero" role="status" aria-label="Loading the project plan">
            <div className="plan-detail__cover" />
            <Skeleton active paragraph={{ rows: 8 }} />
          </div>
        )}
      </div>
    );
  }

  return (
    <article className="container plan-detail">
      <div className="plan-detail__hero">
        <div className="plan-detail__media">
          <Island name="plan-media" when="interaction">
            <PlanMedia projectPlanId={projectPlanId} />
          </Island>
        </div>
        <div>
          <h1>{template.product_name}</h1>
          <div className="plan-detail__tags">
            {templateTags(template).map((tag) => (
              <span key={tag} className={tag === 'free' ? 'plan-tag plan-tag--free' : 'plan-tag'}>
                {tag === 'free' ? 'FREE' : tag}
              </span>
            ))}
          </div>
          {paragraphs(template.description).map((p) => (
            <p key={p}>{p}</p>
          ))}
          <p className="plan-detail__price">
            {template.free ? 'Free' : `$${templatePriceDollars(template.price)} · One time purchase`}
          </p>
          <AboutPlan template={template} />
          <Island name="get-project-plan" when="interaction">
            <GetProjectPlan projectPlanId={projectPlanId} />
          </Island>
        </div>
      </div>
      <h2 className="visually-hidden">About this plan</h2>
      <Island name="plan-tabs" when="interaction">
        <PlanTabs projectPlanId={projectPlanId} />
      </Island>
    </article>
  );
}
