// The parts of a project plan's page that act. Each reads the plan from the catalogue's query (already in the
// cache: the page's own data, or the page's fetch in the app), so that on the page the server sends each can be an
// island of its own (ADR 0033).
import { CheckCircleFilled, PlayCircleFilled } from '@ant-design/icons';
import { TEMPLATE_PAGE_MESSAGES } from '@dpp/shared/messages';
import { templateImage, templateVideoUrl, vimeoEmbedUrl } from '@dpp/shared/rules/templates';
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { checkToolkitUser } from '../../shared/api/crm.api';
import { getPurchaseStatus, reloadClientRecord } from '../../shared/billing/billing.api';
import { useTemplate } from '../../shared/catalogue/catalogue.api';
import { Themed } from '../../shared/islands/themed';
import { usePageLocation, usePageNavigate } from '../../shared/navigation';
import { Picture } from '../../shared/picture/picture';
import { rememberRedirect, STORAGE_KEYS, useSession, writeStorage } from '../../shared/session';
import { SaveToMyPlans } from '../my-plans/save-to-my-plans';

const ChooseMembershipModal = lazy(() =>
  import('../../shared/billing/choose-membership-modal').then((m) => ({ default: m.ChooseMembershipModal })),
);

interface PlanPartProps {
  /** The plan's id as its address names it. */
  projectPlanId: string;
}

/** The cover, and the video on demand: the player loads only when asked for. */
export function PlanMedia({ projectPlanId }: PlanPartProps) {
  const { data: template } = useTemplate(projectPlanId);
  const [playing, setPlaying] = useState(false);
  if (!template) return null;
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

/**
 * Get Project Plan: a visitor logs in first; a member with the right to it uploads it; anyone else chooses how to
 * pay. Beside it, Save to My Plans takes the plan as the member's own copy, to edit before sending.
 */
export function GetProjectPlan({ projectPlanId }: PlanPartProps) {
  const { data: template } = useTemplate(projectPlanId);
  const location = usePageLocation();
  const navigate = usePageNavigate();
  const { user, identity, client } = useSession();
  const [choosing, setChoosing] = useState(false);
  const helpId = useId();
  // The server says whether this user may take the template: free, bought once, or a member.
  const purchase = useQuery({
    queryKey: ['purchase', template?.id],
    queryFn: ({ signal }) => getPurchaseStatus(template!.id, signal),
    enabled: user !== null && template !== undefined && !template.free,
  });
  if (!template) return null;

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
    <Themed>
      <div className="plan-detail__actions">
        <Button type="primary" size="large" onClick={() => void getProjectPlan()} aria-describedby={helpId}>
          Get Project Plan
        </Button>
        <SaveToMyPlans request={{ source: 'template', templateId: template.id }} describedBy={helpId} />
      </div>
      <p id={helpId} className="plan-detail__help">
        {TEMPLATE_PAGE_MESSAGES.ACTIONS_HELP}
      </p>
      {choosing && (
        <Suspense fallback={null}>
          <ChooseMembershipModal
            open={choosing}
            onClose={() => setChoosing(false)}
            template={{ id: template.id, price: template.price, productName: template.product_name }}
          />
        </Suspense>
      )}
    </Themed>
  );
}

/** The overview and what the plan holds, as two tabs. */
export function PlanTabs({ projectPlanId }: PlanPartProps) {
  const { data: template } = useTemplate(projectPlanId);
  if (!template) return null;
  return (
    <Themed>
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
    </Themed>
  );
}
