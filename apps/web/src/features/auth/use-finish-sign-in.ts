import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { useCallback } from 'react';
import { notify } from '../../shared/notify';
import { takeDestination } from './after-login';
import type { SignInResult } from './sign-in';
import { useDelayedNavigate } from './use-delayed-navigate';

/**
 * After a session opens: the notice (docs/product-rules.md, Texts), then activation, the password step or the
 * remembered route after 1 s.
 */
export function useFinishSignIn(): (result: SignInResult) => void {
  const navigateLater = useDelayedNavigate();
  return useCallback(
    ({ next, client }: SignInResult) => {
      if (next === 'set-password') {
        void notify('success', AUTH_MESSAGES.SET_PASSWORD);
        navigateLater('/activate-account');
      } else if (next === 'activate') {
        void notify('success', AUTH_MESSAGES.ACTIVATE_ACCOUNT);
        navigateLater('/activate-account');
      } else {
        void notify('success', AUTH_MESSAGES.LOGIN_SUCCESS);
        const { to, state } = takeDestination(client);
        navigateLater(to, { state });
      }
    },
    [navigateLater],
  );
}
