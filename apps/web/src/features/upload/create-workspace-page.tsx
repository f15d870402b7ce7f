import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import { Button, Input } from 'antd';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/notify';
import { useSession } from '../../shared/session';
import { createMondayWorkspace } from './upload.api';
import { WizardFrame } from './wizard';

/** monday.com: a new workspace for the plan, created with the connected account. */
export function CreateWorkspacePage() {
  const navigate = useNavigate();
  const { client } = useSession();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const create = async () => {
    if (!client || name.trim() === '') return;
    setBusy(true);
    try {
      await createMondayWorkspace(name.trim(), client.id);
      void notify('success', UPLOAD_MESSAGES.WORKSPACE_CREATED);
      navigate('/upload-action/select-workspace', { state: { payment: 'done' } });
    } catch {
      void notify('error', UPLOAD_MESSAGES.WORKSPACE_NOT_CREATED, UPLOAD_MESSAGES.WORKSPACE_NOT_CREATED_TEXT);
    } finally {
      setBusy(false);
    }
  };

  return (
    <WizardFrame step={2} title={UPLOAD_MESSAGES.CREATE_WORKSPACE}>
      <label htmlFor={inputId}>Workspace name</label>
      <Input
        id={inputId}
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        onPressEnter={() => void create()}
      />
      <div className="upload-wizard__actions">
        <Button type="primary" size="large" disabled={name.trim() === ''} loading={busy} onClick={() => void create()}>
          {UPLOAD_MESSAGES.CREATE_WORKSPACE}
        </Button>
      </div>
    </WizardFrame>
  );
}
