import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, identityException } from '../../shared/api/client';
import { confirmForgotPassword } from '../../shared/api/identity.api';
import { NewPasswordFields } from '../../shared/new-password-fields';
import { notify } from '../../shared/notify';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard } from './auth-card';
import { useDelayedNavigate } from './use-delayed-navigate';

interface NewPasswordValues {
  password: string;
  repeat: string;
}

function resetFailure(error: unknown): string {
  switch (identityException(error)) {
    case 'ExpiredCodeException':
    case 'CodeMismatchException':
      return AUTH_MESSAGES.RESET_LINK_INVALID;
    case 'LimitExceededException':
      return AUTH_MESSAGES.LOCKED_OUT;
    case 'InvalidPasswordException':
      return AUTH_MESSAGES.PASSWORD_RULE;
    default:
      // A code or user id of the wrong shape is a broken link too.
      return error instanceof ApiError && error.code === 'VALIDATION_FAILED'
        ? AUTH_MESSAGES.RESET_LINK_INVALID
        : AUTH_MESSAGES.UNKNOWN_ERROR;
  }
}

/** /reset-password/{code}/{username}: the link of the reset e-mail; sets a new password. */
export function NewPasswordPage() {
  const { code = '', username = '' } = useParams();
  const navigateLater = useDelayedNavigate();
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle('Set a new password');

  const onFinish = async ({ password }: NewPasswordValues) => {
    setSubmitting(true);
    try {
      await confirmForgotPassword({ username, code, password });
      void notify('success', AUTH_MESSAGES.RESET_DONE);
      navigateLater('/user-login');
    } catch (error) {
      void notify('error', resetFailure(error));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Set a new password" lead="Choose a new password for your account.">
      <Form name="new-password" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <NewPasswordFields size="large" />
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          Reset Password
        </Button>
        <div className="auth-links">
          <Link to="/reset-password">Request a new link</Link>
          <Link to="/user-login">Back to login</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
