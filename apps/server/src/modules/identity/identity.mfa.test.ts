import { SECURITY_MESSAGES } from '@dpp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticator } from '../../../test/authenticator';
import { buildTestApp, PASSWORD, signedInUser, type TestContext } from '../../../test/helpers';
import { ManualClock } from '../../lib/clock';

let ctx: TestContext;
// Authenticator steps are what these tests are about: the server's identity clock is moved, never waited for.
const clock = new ManualClock();
beforeAll(async () => {
  ctx = await buildTestApp({}, undefined, undefined, { identityClock: clock });
});
afterAll(async () => {
  await ctx.close();
});

let counter = 0;
const email = () => `mfa${++counter}.${Date.now()}@example.com`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

async function userWithMfa() {
  const address = email();
  const user = await signedInUser(ctx.app, address);
  const setup = await post('/api/identity/mfa/setup', {}, user.auth);
  const { secret } = setup.json() as { secret: string };
  const app = authenticator(secret, clock);
  const enabled = await post('/api/identity/mfa/enable', { code: await app.code() }, user.auth);
  const { recovery_codes } = enabled.json() as { recovery_codes: string[] };
  return { ...user, email: address, app, recoveryCodes: recovery_codes };
}

const signIn = (address: string) => post('/api/identity/sign-in', { email: address, password: PASSWORD });

describe('two-factor authentication', () => {
  it('sets up with a QR code, and turns on only with a right code, giving ten recovery codes once', async () => {
    const user = await signedInUser(ctx.app, email());
    expect((await ctx.app.inject({ method: 'GET', url: '/api/identity/mfa', headers: user.auth })).json()).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const setup = await post('/api/identity/mfa/setup', {}, user.auth);
    expect(setup.statusCode).toBe(200);
    const body = setup.json() as { secret: string; otpauth_url: string; qr_code: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const wrong = await post('/api/identity/mfa/enable', { code: '000000' }, user.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      exception: 'CodeMismatchException',
      message: SECURITY_MESSAGES.MFA_CODE_WRONG,
    });

    const enabled = await post(
      '/api/identity/mfa/enable',
      { code: await authenticator(body.secret, clock).code() },
      user.auth,
    );
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/identity/mfa', headers: user.auth });
    expect(status.json()).toEqual({ enabled: true, recovery_codes_left: 10 });

    // The secret is stored encrypted, the recovery codes hashed.
    const stored = await ctx.app.db.execute(
      `select m.secret_encrypted, (select string_agg(code_hash, ',') from identity_codes c where c.user_id = m.user_id and c.purpose = 'recovery') as hashes from identity_mfa m`,
    );
    const dump = JSON.stringify(stored);
    expect(dump).not.toContain(body.secret);
    for (const code of codes) expect(dump).not.toContain(code);

    expect((await post('/api/identity/mfa/setup', {}, user.auth)).statusCode).toBe(409);
    expect((await post('/api/identity/mfa/setup', {})).statusCode).toBe(401);
  });

  it('asks for the code after the password; the challenge is single use and a code is never accepted twice', async () => {
    const user = await userWithMfa();
    const first = await signIn(user.email);
    expect(first.statusCode).toBe(200);
    const challenge = first.json() as { mfa_required: boolean; mfa_token: string; access_token?: string };
    expect(challenge.mfa_required).toBe(true);
    expect(challenge.access_token).toBeUndefined();

    const unknown = await post('/api/identity/sign-in/mfa', { mfa_token: 'nope', code: await user.app.code() });
    expect(unknown.json().error.exception).toBe('ExpiredCodeException');

    const code = await user.app.code();
    const passed = await post('/api/identity/sign-in/mfa', { mfa_token: challenge.mfa_token, code });
    expect(passed.statusCode).toBe(200);
    const token = passed.json().access_token as string;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/identity/current-user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);

    const reused = await post('/api/identity/sign-in/mfa', { mfa_token: challenge.mfa_token, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      exception: 'ExpiredCodeException',
      message: SECURITY_MESSAGES.MFA_EXPIRED,
    });

    const second = (await signIn(user.email)).json() as { mfa_token: string };
    const replay = await post('/api/identity/sign-in/mfa', { mfa_token: second.mfa_token, code });
    expect(replay.json().error.exception).toBe('CodeMismatchException');
  });

  it('takes each recovery code once', async () => {
    const user = await userWithMfa();
    const recovery = user.recoveryCodes[3]!;
    const first = (await signIn(user.email)).json() as { mfa_token: string };
    const passed = await post('/api/identity/sign-in/mfa', {
      mfa_token: first.mfa_token,
      recovery_code: recovery.toUpperCase(),
    });
    expect(passed.statusCode).toBe(200);
    const second = (await signIn(user.email)).json() as { mfa_token: string };
    const again = await post('/api/identity/sign-in/mfa', { mfa_token: second.mfa_token, recovery_code: recovery });
    expect(again.json().error.exception).toBe('CodeMismatchException');
    const status = await ctx.app.inject({ method: 'GET', url: '/api/identity/mfa', headers: user.auth });
    expect(status.json().recovery_codes_left).toBe(9);
  });

  it('counts wrong codes toward the throttle: after five the address waits', async () => {
    const user = await userWithMfa();
    const { mfa_token } = (await signIn(user.email)).json() as { mfa_token: string };
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await post('/api/identity/sign-in/mfa', { mfa_token, code: '123456' });
      expect(wrong.json().error.exception).toBe('CodeMismatchException');
    }
    const locked = await post('/api/identity/sign-in/mfa', { mfa_token, code: await user.app.code() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({
      exception: 'LimitExceededException',
      message: 'Temporarily blocked because of multiple failed attempts, please try again in 1 minute',
    });
    expect((await signIn(user.email)).json().error.exception).toBe('LimitExceededException');
  });

  it('does not let a right password reset the count of wrong codes', async () => {
    const user = await userWithMfa();
    const wrongCodes = async (times: number) => {
      const { mfa_token } = (await signIn(user.email)).json() as { mfa_token: string };
      for (let attempt = 0; attempt < times; attempt++) {
        const wrong = await post('/api/identity/sign-in/mfa', { mfa_token, code: '123456' });
        expect(wrong.json().error.exception).toBe('CodeMismatchException');
      }
      return mfa_token;
    };
    await wrongCodes(3);
    const mfaToken = await wrongCodes(2);
    const locked = await post('/api/identity/sign-in/mfa', { mfa_token: mfaToken, code: await user.app.code() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.exception).toBe('LimitExceededException');
    expect((await signIn(user.email)).json().error.exception).toBe('LimitExceededException');
  });

  it('clears the count of wrong codes only with a right code', async () => {
    const user = await userWithMfa();
    const first = (await signIn(user.email)).json() as { mfa_token: string };
    for (let attempt = 0; attempt < 4; attempt++) {
      await post('/api/identity/sign-in/mfa', { mfa_token: first.mfa_token, code: '123456' });
    }
    const passed = await post('/api/identity/sign-in/mfa', {
      mfa_token: first.mfa_token,
      recovery_code: user.recoveryCodes[0]!,
    });
    expect(passed.statusCode).toBe(200);
    const second = (await signIn(user.email)).json() as { mfa_token: string };
    for (let attempt = 0; attempt < 4; attempt++) {
      const wrong = await post('/api/identity/sign-in/mfa', { mfa_token: second.mfa_token, code: '123456' });
      expect(wrong.json().error.exception).toBe('CodeMismatchException');
    }
    const stillOpen = await post('/api/identity/sign-in/mfa', {
      mfa_token: second.mfa_token,
      recovery_code: user.recoveryCodes[1]!,
    });
    expect(stillOpen.statusCode).toBe(200);
  });

  it('turns off only with a current code or a recovery code', async () => {
    const user = await userWithMfa();
    const none = await post('/api/identity/mfa/disable', {}, user.auth);
    expect(none.json().error.exception).toBe('CodeMismatchException');
    const wrong = await post('/api/identity/mfa/disable', { code: '000000' }, user.auth);
    expect(wrong.statusCode).toBe(400);
    const off = await post('/api/identity/mfa/disable', { recovery_code: user.recoveryCodes[0]! }, user.auth);
    expect(off.statusCode).toBe(200);
    const signedIn = await signIn(user.email);
    expect(signedIn.json().access_token).toEqual(expect.any(String));

    const other = await userWithMfa();
    const byCode = await post('/api/identity/mfa/disable', { code: await other.app.code() }, other.auth);
    expect(byCode.statusCode).toBe(200);
    expect((await post('/api/identity/mfa/disable', { code: await other.app.code() }, other.auth)).statusCode).toBe(
      409,
    );
  });
});
