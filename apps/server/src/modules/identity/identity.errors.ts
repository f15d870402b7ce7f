import { AUTH_MESSAGES, type IdentityException } from '@dpp/shared';
import { AppError } from '../../errors';

const CODE_BY_EXCEPTION = {
  UsernameExistsException: 'CONFLICT',
  InvalidParameterException: 'VALIDATION_FAILED',
  InvalidPasswordException: 'VALIDATION_FAILED',
  NotAuthorizedException: 'VALIDATION_FAILED',
  UserNotConfirmedException: 'VALIDATION_FAILED',
  UserNotFoundException: 'NOT_FOUND',
  ExpiredCodeException: 'VALIDATION_FAILED',
  CodeMismatchException: 'VALIDATION_FAILED',
  LimitExceededException: 'RATE_LIMITED',
  UserDisabledException: 'FORBIDDEN',
} as const satisfies Record<IdentityException, string>;

const MESSAGE_BY_EXCEPTION: Record<IdentityException, string> = {
  UsernameExistsException: AUTH_MESSAGES.ACCOUNT_EXISTS,
  InvalidParameterException: AUTH_MESSAGES.FIELDS_INCORRECT,
  InvalidPasswordException: AUTH_MESSAGES.PASSWORD_RULE,
  NotAuthorizedException: AUTH_MESSAGES.CREDENTIALS_MISMATCH,
  UserNotConfirmedException: AUTH_MESSAGES.VERIFY_TO_LOGIN,
  UserNotFoundException: AUTH_MESSAGES.FIELDS_INCORRECT,
  ExpiredCodeException: AUTH_MESSAGES.RESET_LINK_INVALID,
  CodeMismatchException: AUTH_MESSAGES.RESET_LINK_INVALID,
  LimitExceededException: AUTH_MESSAGES.LOCKED_OUT,
  UserDisabledException: AUTH_MESSAGES.SIGN_IN_DISABLED,
};

/**
 * An identity failure carrying the user pool's exception name, with the product's words by default
 * (docs/product-rules.md, Texts).
 */
export function identityError(exception: IdentityException, message = MESSAGE_BY_EXCEPTION[exception]): AppError {
  return new AppError(CODE_BY_EXCEPTION[exception], message, undefined, exception);
}
