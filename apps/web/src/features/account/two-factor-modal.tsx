import { SECURITY_MESSAGES } from '@dpp/shared/messages';
import { Alert, Button, Form, Input, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { identityException, throttledText } from '../../shared/api/client';
import { disableMfa, enableMfa, setupMfa } from '../../shared/api/identity.api';
import { notify } from '../../shared/notify';
import { saveFile } from '../../shared/save-file';
import { clearErrorsOnChange } from './clear-errors';

interface TwoFactorModalProps {
  mode: 'enable' | 'disable';
  open: boolean;
  onClose: () => void;
  /** Called once the factor was turned on or off. */
  onChanged: () => void;
}

const codeRules = [{ required: true, pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: SECURITY_MESSAGES.MFA_CODE_REQUIRED }];
const recoveryRules = [{ required: true, whitespace: true, message: SECURITY_MESSAGES.RECOVERY_CODE_REQUIRED }];

function failureText(error: unknown): string {
  return identityException(error) === 'LimitExceededException'
    ? throttledText(error)
    : SECURITY_MESSAGES.MFA_CODE_WRONG;
}

/** The ten recovery codes, shown once, with copy and download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Digital Project Planner recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`;
  const [copied, setCopied] = useState(false);
  const download = () => {
    saveFile(new Blob([text], { type: 'text/plain' }), 'digital-project-planner-recovery-codes.txt');
  };
  return (
    <div className="two-factor">
      <Alert
        type="warning"
        showIcon
        title="Save your recovery codes"
        description="Each code lets you log in once if you lose your phone. They are shown only now."
      />
      <ul className="two-factor__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="account-form__actions">
        <Button
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button onClick={download}>Download codes</Button>
        <Button type="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function EnableTwoFactor({ onEnabled, onCancel }: { onEnabled: () => void; onCancel: () => void }) {
  const [form] = Form.useForm<{ code: string }>();
  const [setup, setSetup] = useState<{ secret: string; qr_code: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setupMfa().then(setSetup, () => setFailed(true));
  }, []);

  if (codes) return <RecoveryCodes codes={codes} onDone={onCancel} />;
  if (failed) return <Alert type="error" showIcon title="Error" description="Please try again" />;
  if (!setup) return <Spin aria-label="Loading" />;

  const onFinish = async ({ code }: { code: string }) => {
    setSaving(true);
    try {
      const result = await enableMfa(code.replace(/\s/g, ''));
      void notify('success', SECURITY_MESSAGES.MFA_ENABLED_TITLE, SECURITY_MESSAGES.MFA_ENABLED_TEXT);
      setCodes(result.recovery_codes);
      onEnabled();
    } catch (error) {
      form.setFields([{ name: 'code', errors: [failureText(error)] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="two-factor">
      <p>1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</p>
      <img className="two-factor__qr" src={setup.qr_code} alt="QR code to add your account to an authenticator app" />
      <p>
        Or type this key into the app: <code className="two-factor__secret">{setup.secret}</code>
      </p>
      <p>2. Enter the 6-digit code the app shows.</p>
      <Form
        form={form}
        name="enable-two-factor"
        layout="vertical"
        requiredMark={false}
        onValuesChange={clearErrorsOnChange(form)}
        onFinish={onFinish}
      >
        <Form.Item label="Authentication code" name="code" rules={codeRules}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
        </Form.Item>
        <div className="account-form__actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            Turn on
          </Button>
        </div>
      </Form>
    </div>
  );
}

function DisableTwoFactor({ onDisabled, onCancel }: { onDisabled: () => void; onCancel: () => void }) {
  const [form] = Form.useForm<{ code: string }>();
  const [recovery, setRecovery] = useState(false);
  const [saving, setSaving] = useState(false);

  const onFinish = async ({ code }: { code: string }) => {
    setSaving(true);
    try {
      await disableMfa(recovery ? { recovery_code: code.trim() } : { code: code.replace(/\s/g, '') });
      void notify('success', SECURITY_MESSAGES.MFA_DISABLED_TITLE, SECURITY_MESSAGES.MFA_DISABLED_TEXT);
      onDisabled();
      onCancel();
    } catch (error) {
      form.setFields([{ name: 'code', errors: [failureText(error)] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      name="disable-two-factor"
      layout="vertical"
      requiredMark={false}
      onValuesChange={clearErrorsOnChange(form)}
      onFinish={onFinish}
    >
      <p>To turn two-factor authentication off, confirm with a code.</p>
      {recovery ? (
        <Form.Item key="recovery" label="Recovery code" name="code" rules={recoveryRules}>
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
      ) : (
        <Form.Item key="code" label="Authentication code" name="code" rules={codeRules}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
        </Form.Item>
      )}
      <Button
        type="link"
        className="two-factor__switch"
        onClick={() => {
          form.resetFields();
          setRecovery((value) => !value);
        }}
      >
        {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
      </Button>
      <div className="account-form__actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" danger htmlType="submit" loading={saving}>
          Turn off
        </Button>
      </div>
    </Form>
  );
}

/** Turning two-factor authentication on (QR code, key, first code, recovery codes) or off (a code). Loaded when first opened. */
export function TwoFactorModal({ mode, open, onClose, onChanged }: TwoFactorModalProps) {
  return (
    <Modal
      title={mode === 'enable' ? 'Turn on two-factor authentication' : 'Turn off two-factor authentication'}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
    >
      {mode === 'enable' ? (
        <EnableTwoFactor onEnabled={onChanged} onCancel={onClose} />
      ) : (
        <DisableTwoFactor onDisabled={onChanged} onCancel={onClose} />
      )}
    </Modal>
  );
}
