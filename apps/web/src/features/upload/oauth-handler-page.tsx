import { SESSION_LENGTH_HOURS } from '@dpp/shared/constants';
import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import type { IdentityUser } from '@dpp/shared/schemas/identity';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { rememberRedirect, useSession } from '../../app/session';
import { readStorage, STORAGE_KEYS } from '../../app/storage-keys';
import { apiRequest } from '../../shared/api-client';
import { completeSignIn } from '../auth/sign-in';
import { useFinishSignIn } from '../auth/use-finish-sign-in';

/** Only what could be one of our session tokens is sent anywhere (never a long or odd value). */
const TOKEN_SHAPE = /^[\w.~+/=-]{16,512}$/;

/**
 * The identity the server gives for a bearer token, or null when it does not know the token: a token
 * is stored as the login only once our server has accepted it as a session it issued.
 */
async function identityFor(token: string): Promise<IdentityUser | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  try {
    return await apiRequest<IdentityUser>('/api/identity/current-user', {
      headers: { authorization: `Bearer ${token}` },
    });
  } catch {
    return null;
  }
}

/**
 * /oauth2/handler: a signed-in user goes on to the workspace step with the stored payment marker and
 * plan; anyone else is signed in with the `token` query parameter (once the server has confirmed it),
 * or signs in first, and comes back to that step.
 */
export function OAuthHandlerPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const [params] = useSearchParams();
  const finish = useFinishSignIn();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const next = {
      pathname: '/upload-action/select-workspace',
      state: { payment: readStorage(STORAGE_KEYS.PAYMENT_MARKER), planId: readStorage(STORAGE_KEYS.PLAN_ID) },
    };
    if (user) {
      navigate(next.pathname, { replace: true, state: next.state });
      return;
    }
    rememberRedirect(next.pathname, next.state);
    const toLogin = () => navigate('/user-login', { replace: true, state: { from: next.pathname } });
    const token = params.get('token');
    if (!token) {
      toLogin();
      return;
    }
    // The token leaves the address bar at once, so it is not kept in history or sent on as a referrer.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void identityFor(token).then(async (identity) => {
      if (!identity?.attributes) return toLogin();
      const expiresAt = Math.floor(Date.now() / 1000) + SESSION_LENGTH_HOURS * 3600;
      finish(await completeSignIn({ access_token: token, expires_at: expiresAt, user: identity }, null));
    }, toLogin);
  }, [user, navigate, params, finish]);

  return (
    <div className="container" role="status" style={{ padding: '64px 16px', textAlign: 'center' }}>
      {UPLOAD_MESSAGES.LOADING}
    </div>
  );
}
