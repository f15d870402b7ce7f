import { generate } from 'otplib';
import type { ManualClock } from '../src/lib/clock';

const STEP_MS = 30_000;

/**
 * An authenticator app, as a person uses it: each code is of the step current when it is read, or of the step
 * after the last one used while the 30 seconds have not moved on (the server refuses a step used before and
 * accepts one step either side, ADR 0020). So a code stays good for at least 30 s after it is read, however
 * slow the test, and nobody waits for a step to end first. Drift itself is tested in identity.totp.unit.test.ts.
 *
 * With the server's clock in hand (`clock`), a third code within one step moves that clock on a step; against
 * a server on the real clock it waits for the next step, as a person would.
 */
export function authenticator(secret: string, clock?: ManualClock) {
  let lastStep = Number.NEGATIVE_INFINITY;
  const currentStep = () => Math.floor((clock?.now() ?? new Date()).getTime() / STEP_MS);
  return {
    async code(): Promise<string> {
      while (lastStep > currentStep()) {
        if (clock) clock.advanceMs(STEP_MS);
        else await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      lastStep = Math.max(currentStep(), lastStep + 1);
      return generate({ secret, epoch: (lastStep * STEP_MS) / 1000 });
    },
  };
}
