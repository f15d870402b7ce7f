import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { emailRules } from '../../shared/auth-form-rules';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard } from './auth-card';
import { requestPasswordReset } from './request-password-reset';

/** /reset-password: request a recovery link; the sent page follows whatever the answer. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle('Reset your password');

  const onFinish = async ({ email }: { email: string }) => {
    const address = email.trim();
    setSubmitting(true);
    await requestPasswordReset(address);
    void navigate('/reset-password-sent', { state: { email: address } });
  };

  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to set a new password."
    >
      <Form name="reset-password" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label="Email" name="email" rules={emailRules} validateTrigger="onBlur">
          <Input type="email" size="large" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          Send Reset Link
        </Button>
        <div className="auth-links">
          <Link to="/user-login">Back to login</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
