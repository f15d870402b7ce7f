import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { identityException } from '../../shared/api-client';
import { confirmSignUp, resendCode } from '../../shared/identity-api';
import { type NotificationKind, notify } from '../../shared/notify';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard } from './auth-card';
import { useDelayedNavigate } from './use-delayed-navigate';

interface Outcome {
  kind: NotificationKind;
  text: string;
}

/** Confirms the address; on a failure a new link is sent where that can help. */
async function verifyEmail(username: string, code: string): Promise<Outcome> {
  try {
    await confirmSignUp({ username, code });
    return { kind: 'success', text: AUTH_MESSAGES.VERIFIED };
  } catch (error) {
    const exception = identityException(error);
    if (exception === 'LimitExceededException') return { kind: 'error', text: AUTH_MESSAGES.LOCKED_OUT };
    if (exception === 'NotAuthorizedException') return { kind: 'info', text: AUTH_MESSAGES.ALREADY_CONFIRMED };
    const text =
      exception === 'ExpiredCodeException' ? AUTH_MESSAGES.VERIFY_LINK_EXPIRED : AUTH_MESSAGES.VERIFY_LINK_WRONG;
    try {
      await resendCode({ username });
      return { kind: 'warning', text };
    } catch (resendError) {
      // That wrong link was the one that locked the account: say so rather than 'unknown error'.
      const locked = identityException(resendError) === 'LimitExceededException';
      return { kind: 'error', text: locked ? AUTH_MESSAGES.LOCKED_OUT : AUTH_MESSAGES.UNKNOWN_ERROR };
    }
  }
}

/** /activate-account/{code}/{username}: the link of the verification e-mail. Every outcome ends at login. */
export function VerifyEmailPage() {
  const { code = '', username = '' } = useParams();
  const navigateLater = useDelayedNavigate();
  // The link is used once, even when React runs the effect twice in development.
  const started = useRef(false);

  useDocumentTitle('Verifying your email');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void verifyEmail(username, code).then(({ kind, text }) => {
      void notify(kind, text);
      navigateLater('/user-login');
    });
  }, [code, username, navigateLater]);

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
