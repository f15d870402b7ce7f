import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Compares two strings in constant time (for secrets presented by a caller): their SHA-256 digests are compared,
 * so that neither the content nor the length of the expected one shows in the time taken.
 */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}
