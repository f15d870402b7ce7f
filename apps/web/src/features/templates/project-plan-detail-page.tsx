import { CheckCircleFilled, PlayCircleFilled } from '@ant-design/icons';
import { paragraphs } from '@dpp/shared/rules/display';
import {
  templateImage,
  templatePriceDollars,
  templateTags,
  templateVideoUrl,
  vimeoEmbedUrl,
} from '@dpp/shared/rules/templates';
import type { ProjectPlan } from '@dpp/shared/schemas/templates';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { checkToolkitUser } from '../../shared/api/crm.api';
import { getPurchaseStatus, reloadClientRecord } from '../../shared/billing/billing.api';
import { useTemplate } from '../../shared/catalogue/catalogue.api';
import type { TemplateCardState } from '../../shared/catalogue/template-card';
import { Picture } from '../../shared/picture/picture';
import { rememberRedirect, STORAGE_KEYS, useSession, writeStorage } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { NotFound } from '../errors/notice';
import './templates.css';

const ChooseMembershipModal = lazy(() =>
  import('../../shared/billing/choose-membership-modal').then((m) => ({ default: m.ChooseMembershipModal })),
);

/** The cover, and the video on demand: the player loads only when asked for. */
function PlanMedia({ template }: { template: ProjectPlan }) {
  const [playing, setPlaying] = useState(false);
  const video = templateVideoUrl(template.project_plan_links);
  const embed = video ? vimeoEmbedUrl(video) : undefined;
  const image = templateImage(template);
  if (embed && playing) {
    return (
      <iframe
        src={`${embed}?autoplay=1`}
        title={`${template.product_name} video`}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
      />
    );
  }
  // The button sits under the cover, not on it: the cover's title is part of the image.
  return (
    <>
      <div className="plan-detail__cover">
        {image.kind !== 'none' && (
          <Picture
            src={image.src}
            alt={`${template.product_name} cover`}
            width={640}
            height={400}
            sizes="(max-width: 900px) 100vw, 620px"
            fetchPriority="high"
          />
        )}
      </div>
      {embed && (
        <button type="button" className="plan-detail__play" onClick={() => setPlaying(true)}>
          <PlayCircleFilled aria-hidden /> Watch the video
        </button>
      )}
    </>
  );
}

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
  const navigate = useNavigate();
  const { user, identity, client } = useSession();
  const [choosing, setChoosing] = useState(false);
  const cardState = location.state as TemplateCardState | null;
  const initial =
    cardState?.template && String(cardState.template.id) === projectPlanId ? cardState.template : undefined;
  const { data: template, error, isLoading, refetch } = useTemplate(projectPlanId, initial);

  useDocumentTitle(template?.product_name);
  // The server says whether this user may take the template: free, bought once, or a member.
  const purchase = useQuery({
    queryKey: ['purchase', template?.id],
    queryFn: ({ signal }) => getPurchaseStatus(template!.id, signal),
    enabled: user !== null && template !== undefined && !template.free,
  });

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

  /** Asks the CRM again whether the user bought the toolkit (the server stores it), then reloads the record. */
  const refreshToolkitFlag = async (email: string) => {
    const current = client ?? (await reloadClientRecord(email));
    // The CRM being unreachable does not stop the purchase: the stored flag stands.
    if (current) await checkToolkitUser(current).catch(() => undefined);
    await reloadClientRecord(email);
  };

  const getProjectPlan = async () => {
    if (!user) {
      rememberRedirect(location.pathname, location.state);
      navigate('/user-login', { state: { from: location.pathname } });
      return;
    }
    if (identity) await refreshToolkitFlag(identity.attributes.email);
    const paid = template.free || (purchase.data ?? (await purchase.refetch()).data)?.paid === true;
    if (paid) {
      navigate('/upload-action', { state: { payment: 'done', planId: template.id } });
      return;
    }
    writeStorage(STORAGE_KEYS.PLAN_ID, String(template.id));
    writeStorage(STORAGE_KEYS.PLAN_TITLE, template.product_name);
    setChoosing(true);
  };

  return (
    <article className="container plan-detail">
      <div className="plan-detail__hero">
        <div className="plan-detail__media">
          <PlanMedia template={template} />
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
          <Button type="primary" size="large" onClick={() => void getProjectPlan()}>
            Get Project Plan
          </Button>
          {choosing && (
            <Suspense fallback={null}>
              <ChooseMembershipModal
                open={choosing}
                onClose={() => setChoosing(false)}
                template={{ id: template.id, price: template.price, productName: template.product_name }}
              />
            </Suspense>
          )}
        </div>
      </div>
      <h2 className="visually-hidden">About this plan</h2>
      <Tabs
        style={{ marginTop: 40 }}
        items={[
          {
            key: 'overview',
            label: 'Overview',
            children: (
              // The overview is HTML sanitised by the server when it is saved.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
              <div className="plan-detail__overview" dangerouslySetInnerHTML={{ __html: template.overview }} />
            ),
          },
          {
            key: 'checklist',
            label: "What's inside",
            children: (
              <ul className="plan-detail__checklist">
                {template.outline.sections.map((s) => (
                  <li key={s.name}>
                    <CheckCircleFilled aria-hidden />
                    <span>
                      <strong>{s.name}</strong> · {s.task_count} tasks
                    </span>
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </article>
  );
}
