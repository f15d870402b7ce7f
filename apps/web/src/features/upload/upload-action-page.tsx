import { DEFAULT_TOOL } from '@dpp/shared/constants';
import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import { Button, Radio } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { clearConnection, rememberPlan, selectedTool, selectTool, TASK_TOOLS } from './upload-state';
import { WizardFrame } from './wizard';

interface UploadActionState {
  payment?: string;
  planId?: number | string;
  planTitle?: string;
}

/** Step 1: choose the task tool. Reachable only with navigation state payment=done. */
export function UploadActionPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as UploadActionState;
  const [tool, setTool] = useState<number>(() => selectedTool()?.value ?? DEFAULT_TOOL);
  const [remembered] = useState(() => {
    if (state.payment !== 'done') return false;
    if (state.planId !== undefined) rememberPlan(state.planId, state.planTitle);
    return true;
  });
  if (!remembered) return <Navigate to="/" replace />;

  const next = () => {
    selectTool(tool);
    clearConnection();
    navigate('/upload-action/connect');
  };

  return (
    <WizardFrame step={0} title="Select your work management tool">
      <Radio.Group value={tool} onChange={(e) => setTool(e.target.value as number)} aria-label="Task tool">
        <div className="upload-tools">
          {TASK_TOOLS.map((t) => (
            <div key={t.value} className="upload-tool">
              <Radio value={t.value}>
                <img src={t.logo} alt="" width={120} height={32} /> {t.name}
              </Radio>
              <a className="upload-tool__signup" href={t.registrationLink} target="_blank" rel="noopener noreferrer">
                {UPLOAD_MESSAGES.NEED_ACCOUNT}
                <span className="visually-hidden"> {t.name}</span>
              </a>
            </div>
          ))}
        </div>
      </Radio.Group>
      <div className="upload-wizard__actions">
        <Button type="primary" size="large" onClick={next}>
          {UPLOAD_MESSAGES.NEXT_STEP}
        </Button>
      </div>
    </WizardFrame>
  );
}
