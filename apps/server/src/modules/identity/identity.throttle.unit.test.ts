import { AUTH_MESSAGES } from '@dpp/shared';
import { describe, expect, it } from 'vitest';
import { THROTTLE, throttledMessage, waitAfter } from './identity.throttle';

const MINUTE = 60 * 1000;

describe('sign-in throttle', () => {
  it('lets 5 failures from an address pass, then waits 1, 2, 4 … minutes, never more than an hour', () => {
    const waits = Array.from({ length: 14 }, (_, i) => waitAfter(i + 1, THROTTLE.FREE_PER_ADDRESS) / MINUTE);
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
  });

  it('lets 20 failures on an account pass before its waits start', () => {
    expect(waitAfter(19, THROTTLE.FREE_PER_ACCOUNT)).toBe(0);
    expect(waitAfter(20, THROTTLE.FREE_PER_ACCOUNT)).toBe(MINUTE);
    expect(waitAfter(26, THROTTLE.FREE_PER_ACCOUNT)).toBe(60 * MINUTE);
  });

  it("says the minutes left, and the product's words when an hour is left", () => {
    expect(throttledMessage(30 * 1000)).toBe(
      'Temporarily blocked because of multiple failed attempts, please try again in 1 minute',
    );
    expect(throttledMessage(3 * MINUTE + 1)).toBe(
      'Temporarily blocked because of multiple failed attempts, please try again in 4 minutes',
    );
    expect(throttledMessage(60 * MINUTE)).toBe(AUTH_MESSAGES.LOCKED_OUT);
  });
});
