import { AUTH_MESSAGES } from '@dpp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailedLink, PASSWORD, signedInUser, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

let counter = 0;
const email = () => `person${++counter}.${Date.now()}@example.com`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

describe('sign-up and verification', () => {
  it('creates an unconfirmed account, mails a one-time link, and confirms it', async () => {
    const address = email();
    const res = await post('/api/identity/sign-up', { email: address, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_confirmed: false });

    const early = await post('/api/identity/sign-in', { email: address, password: PASSWORD });
    expect(early.json().error.exception).toBe('UserNotConfirmedException');

    const { code, username } = await mailedLink(ctx.app, address, '/activate-account/');
    expect((await post('/api/identity/confirm-sign-up', { username, code })).statusCode).toBe(200);
    const again = await post('/api/identity/confirm-sign-up', { username, code });
    expect(again.json().error.exception).toBe('NotAuthorizedException');

    const signIn = await post('/api/identity/sign-in', { email: address, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.attributes['custom:first_login']).toBe('true');
    expect(signIn.json().user.attributes['custom:database_id']).toMatch(/^\d+$/);
  });

  it('names each sign-up failure as the user pool does', async () => {
    const address = email();
    await post('/api/identity/sign-up', { email: address, password: PASSWORD });
    const taken = await post('/api/identity/sign-up', { email: address.toUpperCase(), password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      exception: 'UsernameExistsException',
      message: AUTH_MESSAGES.ACCOUNT_EXISTS,
    });
    const weak = await post('/api/identity/sign-up', { email: email(), password: 'password1' });
    expect(weak.json().error.exception).toBe('InvalidPasswordException');
    const badEmail = await post('/api/identity/sign-up', { email: 'not-an-email', password: PASSWORD });
    expect(badEmail.json().error.exception).toBe('InvalidParameterException');
    const extra = await post('/api/identity/sign-up', { email: email(), password: PASSWORD, admin: true });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses an expired verification link and a wrong one', async () => {
    const address = email();
    await post('/api/identity/sign-up', { email: address, password: PASSWORD });
    const { code, username } = await mailedLink(ctx.app, address, '/activate-account/');
    const wrong = await post('/api/identity/confirm-sign-up', { username, code: `${code}x` });
    expect(wrong.json().error.exception).toBe('CodeMismatchException');
    await ctx.app.db.execute(sql`update identity_codes set expires_at = now() - interval '1 minute'`);
    const expired = await post('/api/identity/confirm-sign-up', { username, code });
    expect(expired.json().error.exception).toBe('ExpiredCodeException');
    expect((await post('/api/identity/resend-code', { username })).statusCode).toBe(200);
    const fresh = await mailedLink(ctx.app, address, '/activate-account/');
    expect(fresh.code).not.toBe(code);
    expect((await post('/api/identity/confirm-sign-up', fresh)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('knows the caller by the bearer token and forgets it after sign-out', async () => {
    const user = await signedInUser(ctx.app, email());
    const me = await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: user.auth });
    expect(me.json().username).toBe(user.username);
    expect((await post('/api/identity/sign-out', {}, user.auth)).statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: user.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('ends a session idle for 4 hours', async () => {
    const user = await signedInUser(ctx.app, email());
    await ctx.app.db.execute(
      sql`update sessions set last_seen_at = now() - interval '4 hours 1 minute', expires_at = now() - interval '1 minute'`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: user.auth });
    expect(res.statusCode).toBe(401);
  });

  it('stores tokens, codes and passwords only as hashes', async () => {
    const address = email();
    const user = await signedInUser(ctx.app, address);
    const dump = JSON.stringify(
      await ctx.app.db.execute(
        sql`select u.password_hash, s.token_hash, c.code_hash from users u
            join sessions s on s.user_id = u.id join identity_codes c on c.user_id = u.id where u.email = ${address}`,
      ),
    );
    expect(dump).not.toContain(PASSWORD);
    expect(dump).not.toContain(user.token);
    expect(dump).toContain('$argon2id$');
  });
});

describe('passwords', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const address = email();
    const first = await signedInUser(ctx.app, address);
    const second = await post('/api/identity/sign-in', { email: address, password: PASSWORD });
    const otherAuth = { authorization: `Bearer ${second.json().access_token}` };

    const wrong = await post(
      '/api/identity/change-password',
      { current_password: 'Wrong#Pass1', new_password: 'Another#2026' },
      first.auth,
    );
    expect(wrong.json().error).toMatchObject({
      exception: 'NotAuthorizedException',
      message: AUTH_MESSAGES.CREDENTIALS_MISMATCH,
    });
    const ok = await post(
      '/api/identity/change-password',
      { current_password: PASSWORD, new_password: 'Another#2026' },
      first.auth,
    );
    expect(ok.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: first.auth })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: otherAuth })).statusCode,
    ).toBe(401);
    expect((await post('/api/identity/sign-in', { email: address, password: 'Another#2026' })).statusCode).toBe(200);
  });

  it('resets a forgotten password with a single-use link that expires', async () => {
    const address = email();
    const user = await signedInUser(ctx.app, address);
    expect((await post('/api/identity/forgot-password', { email: address })).json()).toEqual({ ok: true });
    expect((await post('/api/identity/forgot-password', { email: 'nobody@example.com' })).json()).toEqual({ ok: true });
    const { code, username } = await mailedLink(ctx.app, address, '/reset-password/');
    const reset = await post('/api/identity/confirm-forgot-password', { username, code, password: 'Reset#2026' });
    expect(reset.statusCode).toBe(200);
    const reuse = await post('/api/identity/confirm-forgot-password', { username, code, password: 'Reset#2027' });
    expect(reuse.json().error.exception).toBe('CodeMismatchException');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: user.auth })).statusCode,
    ).toBe(401);
    expect((await post('/api/identity/sign-in', { email: address, password: 'Reset#2026' })).statusCode).toBe(200);

    await post('/api/identity/forgot-password', { email: address });
    const next = await mailedLink(ctx.app, address, '/reset-password/');
    await ctx.app.db.execute(
      sql`update identity_codes set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const late = await post('/api/identity/confirm-forgot-password', { ...next, password: 'Reset#2028' });
    expect(late.json().error.exception).toBe('ExpiredCodeException');
  });
});

describe('lockout', () => {
  it('blocks an account for an hour after 5 failures in 15 minutes, then lets it in again', async () => {
    const address = email();
    await signedInUser(ctx.app, address);
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/identity/sign-in', { email: address, password: 'Wrong#Pass1' });
      expect(res.json().error.exception).toBe('NotAuthorizedException');
    }
    const blocked = await post('/api/identity/sign-in', { email: address, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({
      exception: 'LimitExceededException',
      message: AUTH_MESSAGES.LOCKED_OUT,
    });
    await ctx.app.db.execute(sql`update identity_lockouts set locked_until = now() - interval '1 second'`);
    expect((await post('/api/identity/sign-in', { email: address, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('activates the account when both names are given', async () => {
    const user = await signedInUser(ctx.app, email());
    const res = await post(
      '/api/identity/update-attributes',
      { given_name: 'Ada', family_name: 'Lovelace', 'custom:country_name': 'United Kingdom' },
      user.auth,
    );
    expect(res.json().attributes).toMatchObject({
      given_name: 'Ada',
      'custom:first_login': 'false',
      'custom:country_name': 'United Kingdom',
    });
    const sneaky = await post('/api/identity/update-attributes', { 'custom:first_login': 'false' }, user.auth);
    expect(sneaky.statusCode).toBe(400);
    const badPhone = await post('/api/identity/update-attributes', { 'custom:phone_number': '12345' }, user.auth);
    expect(badPhone.json().error.details).toContainEqual(
      expect.objectContaining({ message: 'Invalid Phone Number Format' }),
    );
    const phone = await post('/api/identity/update-attributes', { 'custom:phone_number': '+14155552671' }, user.auth);
    expect(phone.json().attributes['custom:phone_number']).toBe('+14155552671');
  });
});

describe('logs', () => {
  it('never carry a password or a token, even at the most detailed level', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ LOG_LEVEL: 'trace' }, { write: (line) => lines.push(line) });
    try {
      const user = await signedInUser(logged.app, 'logs@example.com');
      await logged.app.inject({
        method: 'POST',
        url: '/api/identity/change-password',
        headers: user.auth,
        payload: { current_password: PASSWORD, new_password: 'Secret#Value9' },
      });
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(3);
      for (const secret of [PASSWORD, 'Secret#Value9', user.token]) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('sandbox mailbox', () => {
  it('does not exist in production mode', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      const age = {
        method: 'POST',
        url: '/api/dev/mailbox/age',
        payload: { email: 'a@example.com', hours: 25 },
      } as const;
      expect((await production.app.inject(age)).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('sandbox mailbox clock', () => {
  it('ages only the given account’s codes: a day later its link has expired, another’s has not', async () => {
    const late = email();
    const other = email();
    for (const address of [late, other]) await post('/api/identity/sign-up', { email: address, password: PASSWORD });
    const aged = await post('/api/dev/mailbox/age', { email: late.toUpperCase(), hours: 25 });
    expect(aged.json()).toEqual({ codes: 1 });
    const expired = await mailedLink(ctx.app, late, '/activate-account/');
    expect((await post('/api/identity/confirm-sign-up', expired)).json().error.exception).toBe('ExpiredCodeException');
    const fresh = await mailedLink(ctx.app, other, '/activate-account/');
    expect((await post('/api/identity/confirm-sign-up', fresh)).statusCode).toBe(200);
    expect((await post('/api/dev/mailbox/age', { email: 'nobody@example.com', hours: 25 })).statusCode).toBe(404);
    expect((await post('/api/dev/mailbox/age', { email: late, hours: 0 })).statusCode).toBe(400);
  });
});

describe('per-address rate limit', () => {
  it('answers 429 once an address sends too many identity requests', async () => {
    const limited = await buildTestApp({ IDENTITY_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/identity/forgot-password',
          payload: { email: 'someone@example.com' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
