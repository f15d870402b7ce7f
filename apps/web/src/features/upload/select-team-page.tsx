import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import type { Named } from '@dpp/shared/schemas/upload';
import { Button } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../shared/session';
import { PlacesChoice } from './places-choice';
import { uploadPlan } from './upload.api';
import { UploadProgress } from './upload-job-follower';
import { followUpload, useFollowedUpload } from './upload-job-store';
import { clearConnection, connectionData, connectionToken, planId, selectedTool, toolByType } from './upload-state';
import { useUploading } from './use-uploading';
import { notifyUploadError, uploadRefused, WizardFrame } from './wizard';

interface TeamState {
  id?: string;
  teamList?: Named[];
  payment?: string;
}

/** Asana: choose the team, then upload. Needs the workspace id and its non-empty team list in navigation state. */
export function SelectTeamPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { client } = useSession();
  const state = (location.state ?? {}) as TeamState;
  const tool = toolByType('asana');
  const token = connectionToken();
  const plan = planId();
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useUploading();
  const uploading = useFollowedUpload();

  if (!state.id || !state.teamList?.length || state.payment !== 'done') {
    return <Navigate to="/upload-action/select-workspace" replace />;
  }
  if (!tool || selectedTool()?.value !== tool.value || !token || !plan) {
    return <Navigate to="/project-plans" replace />;
  }

  const upload = async () => {
    if (!choice) {
      setError(UPLOAD_MESSAGES.SELECT_TEAM);
      return;
    }
    if (!client) return;
    setError(null);
    const data = connectionData();
    try {
      // The answer comes at once with the job; the layout follows it to the success page or the error.
      const answer = await run(async () => {
        const queued = await uploadPlan({
          tool,
          workspaceId: choice,
          asanaWorkspaceId: state.id!,
          planId: plan,
          databaseId: client.id,
          accessToken: token,
          email: data?.email,
          gid: data?.gid,
        });
        if (queued.status) followUpload(queued.job_id, tool.value);
        return queued;
      });
      if (!answer.status) uploadRefused(answer.message, navigate);
    } catch (failure) {
      notifyUploadError(failure);
      clearConnection();
      navigate('/upload-action/connect', { replace: true });
    }
  };

  return (
    <WizardFrame step={2} title={UPLOAD_MESSAGES.SELECT_TEAM_TITLE}>
      <p id="upload-places-hint" className="upload-wizard__hint">
        {UPLOAD_MESSAGES.ASANA_TEAMS_HINT}
      </p>
      <PlacesChoice
        label={UPLOAD_MESSAGES.SELECT_TEAM_TITLE}
        hintId="upload-places-hint"
        places={state.teamList}
        value={choice}
        onChange={(id) => {
          setChoice(id);
          setError(null);
        }}
        error={error}
      />
      <div className="upload-wizard__actions">
        <Button type="primary" size="large" loading={busy || uploading !== null} onClick={() => void upload()}>
          {UPLOAD_MESSAGES.UPLOAD_ACTION_PLAN}
        </Button>
      </div>
      {busy && !uploading && <p role="status">Uploading your plan into {tool.name}. Please keep this page open.</p>}
      <UploadProgress toolName={tool.name} />
    </WizardFrame>
  );
}
