import { AUTH_MESSAGES } from '@dpp/shared';

const MINUTE_MS = 60 * 1000;

/**
 * Growing waits after failed sign-ins and second-factor codes (OWASP ASVS 5.0 V6.3, ADR 0025), instead of
 * a lock anyone could set off by typing someone's e-mail. Two counters:
 * - one address on one account: the first 5 failures are free, then each failure makes that address wait
 *   1 minute, then 2, 4 … up to an hour;
 * - the account from every address: 20 failures are free, then the same waits, for addresses that have not
 *   signed in to this account in the last 30 days (the owner's own devices go on).
 * Failures are forgotten a day after the last one; a right password (and code) clears its address's count,
 * a completed reset by e-mail clears them all.
 */
export const THROTTLE = {
  FREE_PER_ADDRESS: 5,
  FREE_PER_ACCOUNT: 20,
  FIRST_WAIT_MS: MINUTE_MS,
  MAX_WAIT_MS: 60 * MINUTE_MS,
  FORGET_AFTER_MS: 24 * 60 * MINUTE_MS,
  FAMILIAR_FOR_MS: 30 * 24 * 60 * MINUTE_MS,
} as const;

/** How long to wait after the `failures`-th failure in a row, when `free` come without a wait. */
export function waitAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(THROTTLE.FIRST_WAIT_MS * 2 ** (failures - free), THROTTLE.MAX_WAIT_MS);
}

/** The counter keys: the account (lower-cased e-mail) alone, and the account with one client address. */
export const throttleKeys = (email: string, ip: string) => ({ account: email, address: `${email}|${ip}` });

/**
 * The refusal's text: 'try in an hour' (docs/product-rules.md, Accounts) when about an hour is left, otherwise the
 * minutes left.
 */
export function throttledMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
  if (minutes >= 60) return AUTH_MESSAGES.LOCKED_OUT;
  return AUTH_MESSAGES.THROTTLED.replace('{minutes}', minutes === 1 ? '1 minute' : `${minutes} minutes`);
}
