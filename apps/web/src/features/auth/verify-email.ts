import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { identityException } from '../../shared/api-client';
import { confirmSignUp, resendCode } from '../../shared/identity-api';
import type { NotificationKind } from '../../shared/notify';

export interface Outcome {
  kind: NotificationKind;
  text: string;
}

/** Confirms the address; on a failure a new link is sent where that can help. */
export async function verifyEmail(username: string, code: string): Promise<Outcome> {
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
