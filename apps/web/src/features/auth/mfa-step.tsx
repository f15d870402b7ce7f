import { AUTH_MESSAGES, SECURITY_MESSAGES } from '@dpp/shared/messages';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { identityException, throttledText } from '../../shared/api/client';
import { notify } from '../../shared/notify';
import { type PendingSecondFactor, passSecondFactor, type SignInResult } from './sign-in';

interface MfaStepProps {
  pending: PendingSecondFactor;
  onPassed: (result: SignInResult) => void;
  /** Back to the password (the challenge expired, or the user chose to). */
  onRestart: () => void;
}

interface CodeValues {
  code: string;
}

/** The second step of a login with two-factor authentication: the app's code, or a recovery code. */
export function MfaStep({ pending, onPassed, onRestart }: MfaStepProps) {
  const [form] = Form.useForm<CodeValues>();
  const [recovery, setRecovery] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ code }: CodeValues) => {
    setSubmitting(true);
    try {
      const factor = recovery ? { recovery_code: code.trim() } : { code: code.replace(/\s/g, '') };
      onPassed(await passSecondFactor(pending, factor));
    } catch (error) {
      setSubmitting(false);
      const exception = identityException(error);
      if (exception === 'LimitExceededException') {
        void notify('error', throttledText(error));
      } else if (exception === 'UserDisabledException') {
        void notify('error', AUTH_MESSAGES.SIGN_IN_DISABLED);
        onRestart();
      } else if (exception === 'ExpiredCodeException') {
        void notify('error', SECURITY_MESSAGES.MFA_EXPIRED);
        onRestart();
      } else {
        void notify('error', SECURITY_MESSAGES.MFA_CODE_WRONG);
        form.resetFields();
      }
    }
  };

  const toggle = () => {
    form.resetFields();
    setRecovery((value) => !value);
  };

  return (
    <Form form={form} name="mfa" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <h2>Two-factor authentication</h2>
      <p className="auth-card__lead">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned two-factor authentication on.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {recovery ? (
        <Form.Item
          key="recovery"
          label="Recovery code"
          name="code"
          rules={[{ required: true, whitespace: true, message: SECURITY_MESSAGES.RECOVERY_CODE_REQUIRED }]}
        >
          <Input size="large" autoComplete="off" spellCheck={false} autoFocus />
        </Form.Item>
      ) : (
        <Form.Item
          key="code"
          label="Authentication code"
          name="code"
          rules={[{ required: true, pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: SECURITY_MESSAGES.MFA_CODE_REQUIRED }]}
        >
          <Input size="large" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        Verify
      </Button>
      <div className="auth-links">
        <Button type="link" onClick={toggle}>
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </Button>
        <Button type="link" onClick={onRestart}>
          Back to login
        </Button>
      </div>
    </Form>
  );
}
