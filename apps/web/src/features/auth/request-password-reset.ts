import { AUTH_MESSAGES } from '@dpp/shared/messages';
import { identityException } from '../../shared/api/client';
import { forgotPassword } from '../../shared/api/identity.api';
import { notify } from '../../shared/notify';

/**
 * Asks for a reset link. The answer never tells whether the address has an account: apart from the
 * lockout, every outcome reads as sent.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await forgotPassword({ email });
    void notify('success', AUTH_MESSAGES.RESET_SENT);
  } catch (error) {
    if (identityException(error) === 'LimitExceededException') void notify('error', AUTH_MESSAGES.LOCKED_OUT);
    else void notify('success', AUTH_MESSAGES.RESET_SENT);
  }
}
