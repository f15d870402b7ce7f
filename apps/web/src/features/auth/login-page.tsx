import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { identityException, throttledText } from '../../shared/api/client';
import { emailRules, loginPasswordRules } from '../../shared/auth-form-rules';
import { notify } from '../../shared/notify';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard, SocialButtons } from './auth-card';
import { MfaStep } from './mfa-step';
import { type PendingSecondFactor, signInUser } from './sign-in';
import { useFinishSignIn } from './use-finish-sign-in';

interface LoginValues {
  email: string;
  password: string;
}

function loginFailure(error: unknown): string {
  switch (identityException(error)) {
    case 'UserNotConfirmedException':
      return AUTH_MESSAGES.VERIFY_TO_LOGIN;
    case 'LimitExceededException':
      return throttledText(error);
    case 'UserDisabledException':
      // Said only after the right password: a wrong one reads as any other.
      return AUTH_MESSAGES.SIGN_IN_DISABLED;
    default:
      // Wrong credentials and anything else read the same: no hint whether the address exists.
      return AUTH_MESSAGES.CREDENTIALS_MISMATCH;
  }
}

function LoginForm({ onSecondFactor }: { onSecondFactor: (pending: PendingSecondFactor) => void }) {
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const finish = useFinishSignIn();

  const onFinish = async ({ email, password }: LoginValues) => {
    setSubmitting(true);
    try {
      const result = await signInUser({ email: email.trim(), password });
      if ('challenge' in result) {
        setSubmitting(false);
        onSecondFactor(result);
      } else {
        finish(result);
      }
    } catch (error) {
      void notify('error', loginFailure(error));
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} name="login" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <Form.Item label="Email" name="email" rules={emailRules} validateTrigger="onBlur">
        <Input type="email" size="large" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={loginPasswordRules}>
        <Input.Password size="large" autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        Login
      </Button>
      <div className="auth-links">
        <Link to="/reset-password">Can't login</Link>
        <Link to="/register">Sign up for an account</Link>
      </div>
    </Form>
  );
}

function LoginScreen({ withUpload }: { withUpload: boolean }) {
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const [pending, setPending] = useState<PendingSecondFactor | null>(null);
  useDocumentTitle('Login');
  return (
    <AuthCard tab="sign-in" title="Your Journey Starts Here!" lead="Log in to plan, track and launch your projects.">
      {pending ? (
        <MfaStep pending={pending} onPassed={finish} onRestart={() => setPending(null)} />
      ) : (
        <>
          <SocialButtons />
          <LoginForm onSecondFactor={setPending} />
        </>
      )}
      {withUpload && (
        <div className="auth-card__actions">
          <Button size="large" onClick={() => void navigate('/upload-action')}>
            Upload a Plan
          </Button>
        </div>
      )}
    </AuthCard>
  );
}

/** /user-login: where visitors are sent to log in. */
export function UserLoginPage() {
  return <LoginScreen withUpload={false} />;
}

/** /login: the same login, with a way into the upload flow. */
export function LoginPage() {
  return <LoginScreen withUpload />;
}
