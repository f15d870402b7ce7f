// The e-mail and password rules, apart from the schemas: the sign-up and login forms check them without
// carrying zod and the phone-number data.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { AUTH_MESSAGES } from '../messages';

const PASSWORD_ALLOWED = /^[A-Za-z0-9!@#$%^&*]+$/;

/** The first e-mail problem (docs/product-rules.md, Accounts), or undefined when the address is fine. */
export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return AUTH_MESSAGES.EMAIL_REQUIRED;
  const at = email.indexOf('@');
  if (at < 0) return AUTH_MESSAGES.EMAIL_MISSING_AT;
  const domain = email.slice(at + 1);
  if (!domain.includes('.')) return AUTH_MESSAGES.EMAIL_MISSING_DOT;
  if (/\.$/.test(domain)) return AUTH_MESSAGES.EMAIL_MISSING_TLD;
  if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) return AUTH_MESSAGES.EMAIL_INVALID;
  return undefined;
}

/**
 * The domain of the placeholder addresses that the kept records of deleted members carry (ADR 0034): `.invalid`
 * never receives mail, and no account may ever have such an address, or it would take over such a record.
 */
export const ERASED_MEMBER_DOMAIN = 'deleted.invalid';

/** Whether an address is in the domain of deleted members' placeholders. */
export function isReservedEmail(value: string): boolean {
  return value.trim().toLowerCase().endsWith(`@${ERASED_MEMBER_DOMAIN}`);
}

/** The first problem of an address for a new account (sign-up, a lifetime deal): its form, or a reserved domain. */
export function newAccountEmailProblem(value: string): string | undefined {
  return emailProblem(value) ?? (isReservedEmail(value) ? AUTH_MESSAGES.EMAIL_RESERVED : undefined);
}

/** True when the password follows the product's rule (docs/product-rules.md, Passwords). */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    PASSWORD_ALLOWED.test(password) &&
    /\d/.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[!@#$%^&*]/.test(password)
  );
}
