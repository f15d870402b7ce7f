import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { identityException } from '../../shared/api/client';
import { createClientRecord, signUp } from '../../shared/api/identity.api';
import { createPasswordRules, newAccountEmailRules } from '../../shared/auth-form-rules';
import { notify } from '../../shared/notify';
import { STORAGE_KEYS, writeStorage } from '../../shared/session';
import { useDocumentTitle } from '../../shared/use-document-title';
import { returnAddress } from './after-login';
import { AuthCard, SocialButtons } from './auth-card';
import { useDelayedNavigate } from './use-delayed-navigate';

interface SignUpValues {
  email: string;
  password: string;
  terms: boolean;
}

function signUpFailure(error: unknown): string {
  switch (identityException(error)) {
    case 'UsernameExistsException':
      return AUTH_MESSAGES.ACCOUNT_EXISTS;
    case 'InvalidPasswordException':
      return AUTH_MESSAGES.PASSWORD_RULE;
    case 'LimitExceededException':
      return AUTH_MESSAGES.LOCKED_OUT;
    default:
      return AUTH_MESSAGES.FIELDS_INCORRECT;
  }
}

const termsRules = [
  {
    validator: (_rule: unknown, checked: unknown) =>
      checked === true ? Promise.resolve() : Promise.reject(new Error(AUTH_MESSAGES.TERMS_REQUIRED)),
  },
];

const NEW_TAB = <span className="visually-hidden"> (opens in a new tab)</span>;

function SignUpForm() {
  const [form] = Form.useForm<SignUpValues>();
  const [submitting, setSubmitting] = useState(false);
  const navigateLater = useDelayedNavigate();

  const onFinish = async ({ email, password }: SignUpValues) => {
    const address = email.trim();
    setSubmitting(true);
    try {
      const returnTo = returnAddress();
      const result = await signUp({ email: address, password, ...(returnTo && { return_to: returnTo }) });
      // The verification link keeps this password only when opened in this browser (ADR 0025).
      writeStorage(STORAGE_KEYS.SIGN_UP_PROOF, result.sign_up_proof);
    } catch (error) {
      void notify('error', signUpFailure(error));
      setSubmitting(false);
      return;
    }
    // The server creates the client record with the account; this call only returns its id.
    await createClientRecord(address).catch(() => undefined);
    void notify('success', AUTH_MESSAGES.SIGN_UP_SUCCESS_TITLE, AUTH_MESSAGES.SIGN_UP_SUCCESS_TEXT);
    navigateLater('/register/success', { state: { email: address } });
  };

  return (
    <Form form={form} name="sign-up" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <Form.Item label="Email" name="email" rules={newAccountEmailRules} validateTrigger="onBlur">
        <Input type="email" size="large" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={createPasswordRules}>
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="terms" valuePropName="checked" rules={termsRules}>
        <Checkbox>
          I agree to the{' '}
          <Link to="/terms-of-use" target="_blank" rel="noopener">
            Terms of Services{NEW_TAB}
          </Link>{' '}
          &amp;{' '}
          <Link to="/privacy-policy" target="_blank" rel="noopener">
            Privacy Policy{NEW_TAB}
          </Link>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        Sign Up
      </Button>
      <p className="auth-links">
        <span>
          Already have an account? <Link to="/user-login">Login</Link>
        </span>
      </p>
    </Form>
  );
}

/** /register: create an account with an e-mail address and a password. */
export function RegisterPage() {
  useDocumentTitle('Sign up');
  return (
    <AuthCard
      tab="sign-up"
      title="Welcome to Digital Project Planner"
      lead="Create your free account and turn your goals into ready-to-run project plans."
    >
      <SocialButtons />
      <SignUpForm />
    </AuthCard>
  );
}
