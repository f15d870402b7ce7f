import { MY_DATA_MESSAGES } from '@dpp/shared/messages';
import type { AccountDeletionInfo, AccountDeletionLinkSent } from '@dpp/shared/schemas/my-data';
import { Alert, Button, Form, Input, Modal, Progress } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { saveFile } from '../../shared/save-file';
import { signOut } from '../../shared/session';
import {
  deleteMyAccount,
  downloadMyData,
  getAccountDeletionInfo,
  getMyDataStatus,
  mailDeletionLink,
  requestMyData,
} from './my-data.api';

const POLL_MS = 500;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "Download my data": asks for the archive, follows its job, then downloads it once. */
function DownloadMyData() {
  const [progress, setProgress] = useState<number | null>(null);

  const run = async () => {
    setProgress(0);
    try {
      const started = await requestMyData();
      for (;;) {
        const status = await getMyDataStatus(started.export_id);
        setProgress(status.total > 0 ? Math.round((status.done / status.total) * 100) : 0);
        if (status.state === 'failed') throw new Error('the archive job failed');
        if (status.ready) break;
        await wait(POLL_MS);
      }
      const blob = await downloadMyData(started.export_id, started.token);
      saveFile(blob, `my-data-${new Date().toISOString().slice(0, 10)}.zip`);
      void notify('success', MY_DATA_MESSAGES.DOWNLOAD_READY_TITLE, MY_DATA_MESSAGES.DOWNLOAD_READY_TEXT);
    } catch (error) {
      void notify('error', 'Error', error instanceof ApiError ? error.message : MY_DATA_MESSAGES.DOWNLOAD_FAILED);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="account-row">
      <div>
        <strong id="download-my-data">{MY_DATA_MESSAGES.DOWNLOAD_BUTTON}</strong>
        <p>{MY_DATA_MESSAGES.DOWNLOAD_INTRO}</p>
        {progress !== null && (
          <div role="status">
            <span>{MY_DATA_MESSAGES.DOWNLOAD_PREPARING}</span>
            <Progress percent={progress} size="small" aria-label={MY_DATA_MESSAGES.DOWNLOAD_PREPARING} />
          </div>
        )}
      </div>
      <Button onClick={() => void run()} loading={progress !== null} aria-describedby="download-my-data">
        {MY_DATA_MESSAGES.DOWNLOAD_BUTTON}
      </Button>
    </div>
  );
}

/** What a typed proof is: the password, or a code of the authenticator app. */
type TypedProof = 'password' | 'code';
const PROOF_FIELD: Record<TypedProof, { label: string; required: string; autoComplete: string }> = {
  password: {
    label: MY_DATA_MESSAGES.DELETE_PASSWORD_LABEL,
    required: MY_DATA_MESSAGES.PASSWORD_REQUIRED,
    autoComplete: 'current-password',
  },
  code: {
    label: MY_DATA_MESSAGES.DELETE_CODE_LABEL,
    required: MY_DATA_MESSAGES.CODE_REQUIRED,
    autoComplete: 'one-time-code',
  },
};

const failureText = (error: unknown) =>
  error instanceof ApiError && error.status < 500 ? error.message : MY_DATA_MESSAGES.DELETE_FAILED;

/**
 * "Delete my account": confirmed with the password (or the authenticator code), then gone. An account with neither
 * (made through Google or Facebook) is sent a link instead: following it, signed in, deletes the account.
 */
function DeleteMyAccount() {
  const [form] = Form.useForm<{ proof: string }>();
  const [confirmWith, setConfirmWith] = useState<AccountDeletionInfo['confirm_with'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [linkSent, setLinkSent] = useState<AccountDeletionLinkSent | null>(null);
  const [linkFailure, setLinkFailure] = useState<string | null>(null);

  const open = async () => {
    try {
      setConfirmWith((await getAccountDeletionInfo()).confirm_with);
    } catch {
      void notify('error', 'Error', MY_DATA_MESSAGES.DELETE_FAILED);
    }
  };
  const close = () => {
    form.resetFields();
    setConfirmWith(null);
    setLinkSent(null);
    setLinkFailure(null);
  };

  const onFinish = async ({ proof: value }: { proof: string }) => {
    if (confirmWith !== 'password' && confirmWith !== 'code') return;
    setBusy(true);
    try {
      await deleteMyAccount({ [confirmWith]: value });
      void notify('success', MY_DATA_MESSAGES.DELETED_TITLE, MY_DATA_MESSAGES.DELETED_TEXT);
      close();
      signOut();
    } catch (error) {
      form.setFields([{ name: 'proof', errors: [failureText(error)] }]);
    } finally {
      setBusy(false);
    }
  };

  const sendLink = async () => {
    setBusy(true);
    setLinkFailure(null);
    try {
      setLinkSent(await mailDeletionLink());
    } catch (error) {
      setLinkFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const byLink = confirmWith === 'email';
  const field = confirmWith === 'password' || confirmWith === 'code' ? PROOF_FIELD[confirmWith] : null;
  const onOk = () => {
    if (!byLink) form.submit();
    else if (linkSent) close();
    else void sendLink();
  };
  return (
    <div className="account-row">
      <div>
        <strong id="delete-my-account">{MY_DATA_MESSAGES.DELETE_BUTTON}</strong>
        <p>{MY_DATA_MESSAGES.DELETE_INTRO}</p>
      </div>
      <Button danger onClick={() => void open()} aria-describedby="delete-my-account">
        {MY_DATA_MESSAGES.DELETE_BUTTON}
      </Button>
      <Modal
        title={linkSent ? MY_DATA_MESSAGES.LINK_SENT_TITLE : MY_DATA_MESSAGES.DELETE_CONFIRM_TITLE}
        open={confirmWith !== null}
        onCancel={close}
        onOk={onOk}
        okText={!byLink ? MY_DATA_MESSAGES.DELETE_CONFIRM_OK : linkSent ? 'Done' : MY_DATA_MESSAGES.DELETE_LINK_BUTTON}
        okButtonProps={{ danger: !linkSent, loading: busy }}
        cancelButtonProps={{ hidden: linkSent !== null }}
        forceRender
      >
        {linkSent ? (
          <p role="status">{MY_DATA_MESSAGES.LINK_SENT(linkSent.sent_to, linkSent.expires_in_minutes)}</p>
        ) : (
          <p>{MY_DATA_MESSAGES.DELETE_INTRO}</p>
        )}
        {byLink && !linkSent && <p>{MY_DATA_MESSAGES.DELETE_LINK_INTRO}</p>}
        {linkFailure && <Alert type="error" showIcon role="alert" title={linkFailure} />}
        <Form form={form} name="delete-account" layout="vertical" requiredMark={false} onFinish={onFinish}>
          {field && (
            <Form.Item label={field.label} name="proof" rules={[{ required: true, message: field.required }]}>
              {confirmWith === 'password' ? (
                <Input.Password autoComplete={field.autoComplete} />
              ) : (
                <Input autoComplete={field.autoComplete} />
              )}
            </Form.Item>
          )}
        </Form>
      </Modal>
    </div>
  );
}

/** The member's rights over their data: one archive of it, and the deletion of the account. */
export function MyDataSection() {
  return (
    <section className="account-section" aria-labelledby="my-data">
      <div className="account-section__head">
        <h2 id="my-data">{MY_DATA_MESSAGES.SECTION_TITLE}</h2>
      </div>
      <DownloadMyData />
      <DeleteMyAccount />
    </section>
  );
}
