import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import type { Named } from '@dpp/shared/schemas/upload';
import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { notify } from '../../shared/notify';
import { useSession } from '../../shared/session';
import { PlacesChoice } from './places-choice';
import { fetchPlaces, fetchTeams, uploadPlan } from './upload.api';
import { UploadProgress } from './upload-job-follower';
import { followUpload, useFollowedUpload } from './upload-job-store';
import { clearConnection, connectionData, connectionToken, paymentDone, planId, selectedTool } from './upload-state';
import { useUploading } from './use-uploading';
import { notifyUploadError, uploadRefused, WizardFrame } from './wizard';

/** Step 3: choose where the plan goes. Asana continues to its teams; ClickUp and monday upload at once. */
export function SelectWorkspacePage() {
  const navigate = useNavigate();
  const { client } = useSession();
  const tool = selectedTool();
  const token = connectionToken();
  const plan = planId();
  const ready = tool !== null && token !== null && plan !== null && paymentDone();
  const [places, setPlaces] = useState<Named[] | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useUploading();
  const uploading = useFollowedUpload();
  const loaded = useRef(false);

  const backToConnect = (failure: unknown) => {
    notifyUploadError(failure);
    clearConnection();
    navigate('/upload-action/connect', { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per visit.
  useEffect(() => {
    if (!ready || loaded.current) return;
    loaded.current = true;
    fetchPlaces(tool, token, connectionData()?.email).then(setPlaces, backToConnect);
  }, [ready]);

  if (!ready) return <Navigate to="/project-plans" replace />;

  const proceed = async () => {
    if (!choice) {
      setError(UPLOAD_MESSAGES.SELECT_WORKSPACE);
      return;
    }
    if (!client) return;
    setError(null);
    const data = connectionData();
    if (tool.connectionType === 'asana') {
      try {
        const answer = await run(() => fetchTeams(tool, choice, plan, client.id, token));
        if (answer.spaces.length > 0) {
          navigate('/upload-action/select-team', { state: { id: choice, teamList: answer.spaces, payment: 'done' } });
        } else {
          void notify('error', UPLOAD_MESSAGES.ERROR_TITLE, UPLOAD_MESSAGES.NO_SPACES);
          navigate('/', { replace: true });
        }
      } catch (failure) {
        backToConnect(failure);
      }
      return;
    }
    try {
      // The answer comes at once with the job; the layout follows it to the success page or the error.
      const answer = await run(async () => {
        const queued = await uploadPlan({
          tool,
          workspaceId: choice,
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
      backToConnect(failure);
    }
  };

  return (
    <WizardFrame step={2} title={tool.workspaceTitle}>
      <p id="upload-places-hint" className="upload-wizard__hint">
        {tool.workspaceHint}
      </p>
      {places === null ? (
        <div className="upload-connect" role="status">
          <Spin />
          <span className="visually-hidden">Loading your workspaces</span>
        </div>
      ) : (
        <PlacesChoice
          label={tool.workspaceTitle}
          hintId="upload-places-hint"
          places={places}
          value={choice}
          onChange={(id) => {
            setChoice(id);
            setError(null);
          }}
          error={error}
        />
      )}
      <div className="upload-wizard__actions">
        {tool.connectionType === 'monday' && (
          <Link to="/create-workspace" state={{ payment: 'done' }}>
            {UPLOAD_MESSAGES.CREATE_WORKSPACE}
          </Link>
        )}
        <Button
          type="primary"
          size="large"
          loading={busy || uploading !== null}
          disabled={places === null}
          onClick={() => void proceed()}
        >
          {tool.connectionType === 'asana' ? 'Continue' : UPLOAD_MESSAGES.UPLOAD_ACTION_PLAN}
        </Button>
      </div>
      {busy && tool.connectionType !== 'asana' && !uploading && (
        <p role="status">Uploading your plan into {tool.name}. Please keep this page open.</p>
      )}
      <UploadProgress toolName={tool.name} />
    </WizardFrame>
  );
}
