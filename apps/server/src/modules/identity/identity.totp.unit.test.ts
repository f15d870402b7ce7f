import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { checkTotp, newTotpSecret, TOTP_PERIOD_S } from './identity.totp';

/** Time itself is what these rules are about, so each check names its moment instead of reading the clock. */
const STEP = 59_000_000;
const atStep = (step: number, secondsIn = 0) => new Date((step * TOTP_PERIOD_S + secondsIn) * 1000);
const codeOf = (secret: string, step: number) => generate({ secret, epoch: step * TOTP_PERIOD_S });

describe('authenticator codes', () => {
  const secret = newTotpSecret();

  it('accept the current step and one step either side (clock drift, typing time), at any second of it', async () => {
    for (const secondsIn of [0, 15, 29]) {
      for (const offset of [-1, 0, 1]) {
        expect(await checkTotp(secret, await codeOf(secret, STEP + offset), atStep(STEP, secondsIn), null)).toBe(
          STEP + offset,
        );
      }
    }
  });

  it('refuse codes two steps away', async () => {
    expect(await checkTotp(secret, await codeOf(secret, STEP - 2), atStep(STEP, 29), null)).toBeNull();
    expect(await checkTotp(secret, await codeOf(secret, STEP + 2), atStep(STEP), null)).toBeNull();
  });

  it('refuse a step already used or older, and take a newer one', async () => {
    const code = await codeOf(secret, STEP);
    expect(await checkTotp(secret, code, atStep(STEP), STEP)).toBeNull();
    expect(await checkTotp(secret, await codeOf(secret, STEP - 1), atStep(STEP), STEP)).toBeNull();
    expect(await checkTotp(secret, await codeOf(secret, STEP + 1), atStep(STEP), STEP)).toBe(STEP + 1);
  });

  it('read spaces as nothing and refuse anything but six digits', async () => {
    const code = await codeOf(secret, STEP);
    expect(await checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, atStep(STEP), null)).toBe(STEP);
    for (const bad of ['', '12345', '1234567', 'abcdef', '12345\u0000']) {
      expect(await checkTotp(secret, bad, atStep(STEP), null)).toBeNull();
    }
  });
});
