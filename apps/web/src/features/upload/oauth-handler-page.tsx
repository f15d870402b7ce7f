import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { rememberRedirect, useSession } from '../../app/session';
import { readStorage, STORAGE_KEYS } from '../../app/storage-keys';

/**
 * /oauth2/handler: a signed-in user goes on to the workspace step with the stored payment marker and
 * plan; anyone else signs in first and comes back to that step.
 */
export function OAuthHandlerPage() {
  const navigate = useNavigate();
  const { user } = useSession();

  useEffect(() => {
    const next = {
      pathname: '/upload-action/select-workspace',
      state: { payment: readStorage(STORAGE_KEYS.PAYMENT_MARKER), planId: readStorage(STORAGE_KEYS.PLAN_ID) },
    };
    if (user) {
      navigate(next.pathname, { replace: true, state: next.state });
    } else {
      rememberRedirect(next.pathname, next.state);
      navigate('/user-login', { replace: true, state: { from: next.pathname } });
    }
  }, [user, navigate]);

  return (
    <div className="container" role="status" style={{ padding: '64px 16px', textAlign: 'center' }}>
      {UPLOAD_MESSAGES.LOADING}
    </div>
  );
}
