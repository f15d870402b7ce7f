import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { readStorage, rememberRedirect, STORAGE_KEYS, useSession } from '../../shared/session';

/**
 * /oauth2/handler: a signed-in user goes on to the workspace step with the stored payment marker and plan;
 * anyone else signs in first and comes back to that step. No session is ever taken from the address: a link
 * carrying someone's token would sign this browser into their account (login CSRF), so a `token` parameter
 * changes nothing (docs/product-rules.md, Plan upload).
 */
export function OAuthHandlerPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Whatever the address carries leaves the address bar at once: not kept in history, not sent as a referrer.
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
    const next = {
      pathname: '/upload-action/select-workspace',
      state: { payment: readStorage(STORAGE_KEYS.PAYMENT_MARKER), planId: readStorage(STORAGE_KEYS.PLAN_ID) },
    };
    if (user) {
      navigate(next.pathname, { replace: true, state: next.state });
      return;
    }
    rememberRedirect(next.pathname, next.state);
    navigate('/user-login', { replace: true, state: { from: next.pathname } });
  }, [user, navigate]);

  return (
    <div className="container" role="status" style={{ padding: '64px 16px', textAlign: 'center' }}>
      {UPLOAD_MESSAGES.LOADING}
    </div>
  );
}
