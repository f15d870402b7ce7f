import { CheckCircleFilled, ExportOutlined } from '@ant-design/icons';
import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import type { UploadJobResponse } from '@dpp/shared/schemas/upload';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../shared/session';
import { FeedbackModal } from './feedback-modal';
import { NotSent } from './not-sent';
import { createCampaignTag } from './upload.api';
import { connectionToken, forgetPlan, paymentDone, planId, selectedTool, sentPlanPath } from './upload-state';
import { WizardFrame } from './wizard';

const AI_PLANNER_PLANS = new Set(['Pro Monthly Membership', 'Premium Monthly Membership']);

interface SuccessState {
  jobId?: number;
  /** The new project's address in the tool, as the finished upload answered it. */
  projectUrl?: string | null;
  /** What of the plan the tool did not receive, each in words for the member. */
  skipped?: UploadJobResponse['skipped'];
}

/** Step 4: the plan is in the tool. Markers are cleared, the campaign tag sent, and the feedback form opens. */
export function UploadSuccessPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { client } = useSession();
  const state = (location.state ?? {}) as SuccessState;
  const [uploaded] = useState(() => ({
    plan: planId(),
    valid: connectionToken() !== null && planId() !== null && paymentDone(),
  }));
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const done = useRef(false);
  const tool = selectedTool();

  useEffect(() => {
    if (!uploaded.valid || !uploaded.plan || done.current || !client) return;
    done.current = true;
    forgetPlan();
    createCampaignTag(client.id, uploaded.plan);
    setFeedbackOpen(true);
  }, [uploaded, client]);

  if (!uploaded.valid) return <Navigate to="/project-plans" replace />;

  const aiPlanner = AI_PLANNER_PLANS.has(client?.plan_name ?? '');
  const toolName = tool?.name ?? 'your task tool';
  return (
    <WizardFrame step={3} title="Your plan has been uploaded">
      <div className="upload-success">
        <CheckCircleFilled className="upload-success__icon" aria-hidden />
        <p>{UPLOAD_MESSAGES.PROJECT_IN_TOOL(toolName)}</p>
        {state.projectUrl && (
          <p>
            <a className="upload-success__open" href={state.projectUrl} target="_blank" rel="noopener noreferrer">
              {UPLOAD_MESSAGES.OPEN_PROJECT(toolName)} <ExportOutlined aria-hidden />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <NotSent tool={toolName} skipped={state.skipped ?? []} />
        <div className="upload-wizard__actions" style={{ justifyContent: 'center' }}>
          <Button size="large" onClick={() => navigate(sentPlanPath(uploaded.plan))}>
            Done
          </Button>
          {aiPlanner ? (
            <Button type="primary" size="large" onClick={() => navigate('/ai')}>
              Go to AI Planner
            </Button>
          ) : (
            <Button type="primary" size="large" onClick={() => navigate('/project-plans')}>
              Upload Another Plan
            </Button>
          )}
        </div>
      </div>
      <FeedbackModal
        open={feedbackOpen}
        {...(state.jobId !== undefined && { jobId: state.jobId })}
        onClose={() => setFeedbackOpen(false)}
      />
    </WizardFrame>
  );
}
