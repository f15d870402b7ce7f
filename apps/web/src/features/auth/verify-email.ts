import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { isReturnPath } from '@dpp/shared/rules/return-path';
import { identityException } from '../../shared/api/client';
import { confirmSignUp, resendCode } from '../../shared/api/identity.api';
import type { NotificationKind } from '../../shared/notify';
import { readStorage, rememberRedirect, removeStorage, STORAGE_KEYS } from '../../shared/session';

export interface Outcome {
  kind: NotificationKind;
  text: string;
  /** Where to go next when not the login page: choosing a password, when the link dropped it. */
  next?: string;
}

/**
 * The page the sign-up asked to come back to (`next` on the link, RegisterPage's return address), remembered like
 * the page before a login: whichever browser opens the link, login and activation end there.
 */
export function rememberReturn(search: string): void {
  const next = new URLSearchParams(search).get('next');
  if (next !== null && isReturnPath(next)) rememberRedirect(next);
}

/**
 * Confirms the address, with this browser's sign-up proof when it signed up: without it the password is
 * dropped and the user chooses one at once. On a failure a new link is sent where that can help.
 */
export async function verifyEmail(username: string, code: string): Promise<Outcome> {
  try {
    const proof = readStorage(STORAGE_KEYS.SIGN_UP_PROOF);
    const result = await confirmSignUp({ username, code, ...(proof && { sign_up_proof: proof }) });
    if (result.password_kept) {
      removeStorage(STORAGE_KEYS.SIGN_UP_PROOF);
      return { kind: 'success', text: AUTH_MESSAGES.VERIFIED };
    }
    return {
      kind: 'info',
      text: AUTH_MESSAGES.VERIFIED_CHOOSE_PASSWORD,
      next: `/reset-password/${result.reset_code}/${username}`,
    };
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
