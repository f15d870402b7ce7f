import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard } from './auth-card';
import { requestPasswordReset } from './request-password-reset';

/** /reset-password-sent: the link is on its way; it can be sent again. */
export function ResetPasswordSentPage() {
  const state = useLocation().state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : '';
  const [resending, setResending] = useState(false);
  useDocumentTitle('Check your email');

  const resend = async () => {
    setResending(true);
    await requestPasswordReset(email);
    setResending(false);
  };

  return (
    <AuthCard title="Check your email" centered>
      <p className="auth-card__text">
        {email ? (
          <>
            If an account exists for <strong>{email}</strong>, we have sent it a link to reset your password.
          </>
        ) : (
          'If an account exists for your address, we have sent it a link to reset your password.'
        )}{' '}
        If you don't see the email in your inbox, please check your spam folder.
      </p>
      <p className="auth-card__text">
        Didn't receive the email?{' '}
        {email ? (
          <button type="button" className="auth-link-button" onClick={() => void resend()} disabled={resending}>
            Resend link
          </button>
        ) : (
          <Link to="/reset-password">Request a new link</Link>
        )}
      </p>
      <div className="auth-card__actions">
        <Link to="/user-login">Back to login</Link>
      </div>
    </AuthCard>
  );
}
