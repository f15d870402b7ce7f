import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router';
import { notify } from '../../shared/notify';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard } from './auth-card';
import { useDelayedNavigate } from './use-delayed-navigate';
import { rememberReturn, verifyEmail } from './verify-email';

/**
 * /activate-account/{code}/{username}: the link of the verification e-mail. Every outcome ends at login, but
 * a verified account whose password was dropped, which goes on to choosing one.
 */
export function VerifyEmailPage() {
  const { code = '', username = '' } = useParams();
  const { search } = useLocation();
  const navigateLater = useDelayedNavigate();
  // The link is used once, even when React runs the effect twice in development.
  const started = useRef(false);

  useDocumentTitle('Verifying your email');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Every outcome ends at login (or a new password first): the page to come back to is waiting there.
    rememberReturn(search);
    void verifyEmail(username, code).then(({ kind, text, next }) => {
      void notify(kind, text);
      navigateLater(next ?? '/user-login');
    });
  }, [code, username, search, navigateLater]);

  return (
    <AuthCard title="Verifying your email" centered>
      <p className="auth-card__text">Please wait while we verify your email address.</p>
      <div className="auth-card__status" role="status">
        <Spin size="large" />
        <span className="visually-hidden">Verifying</span>
      </div>
    </AuthCard>
  );
}
