import { AUTH_MESSAGES, SECURITY_MESSAGES } from '@dpp/shared/messages';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { identityException } from '../../shared/api/client';
import { exchangeSocialCode } from '../../shared/api/identity.api';
import { notify } from '../../shared/notify';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard } from './auth-card';
import { MfaStep } from './mfa-step';
import { completeSignIn, isChallenge, type PendingSecondFactor } from './sign-in';
import { useFinishSignIn } from './use-finish-sign-in';

const FAILURES: Record<string, string> = {
  cancelled: SECURITY_MESSAGES.SOCIAL_CANCELLED,
  unavailable: SECURITY_MESSAGES.SOCIAL_UNAVAILABLE,
  unverified: SECURITY_MESSAGES.SOCIAL_EMAIL_UNVERIFIED,
  reserved: SECURITY_MESSAGES.SOCIAL_EMAIL_RESERVED,
};

/**
 * /social-sign-in: where a Google or Facebook sign-in comes back. The server puts a one-time code (or the
 * reason it failed) in the address fragment; it is read, wiped from the address bar and history, and traded
 * for a session, or for the two-factor step when the account has it on.
 */
export function SocialSignInPage() {
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const [pending, setPending] = useState<PendingSecondFactor | null>(null);
  const started = useRef(false);
  useDocumentTitle('Login');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.hash.slice(1));
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const code = params.get('code');
    const fail = (text: string) => {
      void notify('error', text);
      void navigate('/user-login', { replace: true });
    };
    if (!code) {
      fail(FAILURES[params.get('error') ?? ''] ?? SECURITY_MESSAGES.SOCIAL_FAILED);
      return;
    }
    exchangeSocialCode(code).then(
      async (response) => {
        if (isChallenge(response)) setPending({ challenge: response, password: null });
        else finish(await completeSignIn(response, null));
      },
      (error: unknown) => {
        const exception = identityException(error);
        if (exception === 'LimitExceededException') fail(AUTH_MESSAGES.LOCKED_OUT);
        else if (exception === 'UserDisabledException') fail(AUTH_MESSAGES.SIGN_IN_DISABLED);
        else fail(SECURITY_MESSAGES.SOCIAL_FAILED);
      },
    );
  }, [finish, navigate]);

  return (
    <AuthCard title="Your Journey Starts Here!" centered={!pending}>
      {pending ? (
        <MfaStep
          pending={pending}
          onPassed={finish}
          onRestart={() => void navigate('/user-login', { replace: true })}
        />
      ) : (
        <div className="auth-card__status" role="status">
          <Spin size="large" />
          <p>Loading...</p>
        </div>
      )}
    </AuthCard>
  );
}
