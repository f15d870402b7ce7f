import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { SECURITY_MESSAGES } from '@dpp/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, signedInMember, signedInUser, type TestContext } from '../../../test/helpers';
import { s256 } from '../../ports/social.port';
import { sandboxClient } from '../../stand-ins';

let ctx: TestContext;
let origin: string;
const KEY = randomBytes(32);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  // The callback calls the sandbox's token and profile endpoints over loopback, as it would call Google's.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  ctx = await buildTestApp({ PUBLIC_URL: origin, IDENTITY_ENCRYPTION_KEY: KEY.toString('base64') });
  await ctx.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
});

let counter = 0;
const email = () => `social${++counter}.${Date.now()}@example.com`;
const pathOf = (location: string) => {
  const url = new URL(location, origin);
  return `${url.pathname}${url.search}`;
};
const cookieOf = (res: LightMyRequestResponse) => {
  const header = res.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header]).find((c) => c?.startsWith('dpp_oauth='));
  return line!.split(';')[0]!.slice('dpp_oauth='.length);
};
const count = async (table: 'users' | 'identity_oauth_accounts' | 'clients') =>
  Number(
    ((await ctx.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as { rows: { n: number }[] })
      .rows[0]!.n,
  );

/** Starts a sign-in and consents at the sandbox provider: the callback URL with code and state, and the cookie. */
async function consent(provider: 'google' | 'facebook', address: string, name = 'Grace Hopper') {
  const start = await ctx.app.inject({ method: 'GET', url: `/api/identity/oauth/${provider}/start` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(origin);
  expect(authorize.pathname).toBe(`/sandbox/${provider}/authorize`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const verifier = cookieOf(start);
  expect(start.headers['set-cookie']).toMatch(/HttpOnly/);
  expect(start.headers['set-cookie']).toMatch(/SameSite=Lax/);
  expect(authorize.searchParams.get('code_challenge')).toBe(s256(verifier));

  const consentPage = await ctx.app.inject({ method: 'GET', url: pathOf(authorize.toString()) });
  expect(consentPage.statusCode).toBe(200);
  expect(consentPage.body).toContain('Allow');
  const form = new URLSearchParams(authorize.searchParams);
  form.set('email', address);
  form.set('name', name);
  form.set('decision', 'allow');
  const allowed = await ctx.app.inject({
    method: 'POST',
    url: `/sandbox/${provider}/authorize`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(allowed.statusCode).toBe(302);
  const callback = new URL(allowed.headers.location as string);
  return { callback, verifier, challenge: authorize.searchParams.get('code_challenge')! };
}

const callback = (url: URL, verifier: string | null) =>
  ctx.app.inject({
    method: 'GET',
    url: pathOf(url.toString()),
    headers: verifier === null ? {} : { cookie: `dpp_oauth=${verifier}` },
  });

/** The web page's address after the callback, and what its fragment says. */
const outcome = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(302);
  const url = new URL(res.headers.location as string, origin);
  expect(url.pathname).toBe('/social-sign-in');
  return Object.fromEntries(new URLSearchParams(url.hash.slice(1)));
};

/** The web page's exchange, from the browser that came back from the provider (its hand-over cookie) unless told. */
const exchange = (code: string, handoffCookie: string | null = code) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/identity/oauth/exchange',
    payload: { code },
    headers: handoffCookie === null ? {} : { cookie: `dpp_handoff=${handoffCookie}` },
  });

describe('Google and Facebook sign-in', () => {
  it('creates a verified account for a new e-mail, which then goes through activation', async () => {
    const address = email();
    const users = await count('users');
    const { callback: back, verifier } = await consent('google', address);
    const done = outcome(await callback(back, verifier));
    expect(done.code).toEqual(expect.any(String));
    expect(await count('users')).toBe(users + 1);

    const session = await exchange(done.code!);
    expect(session.statusCode).toBe(200);
    const body = session.json();
    expect(body.user.attributes).toMatchObject({ email: address, email_verified: true, 'custom:first_login': 'true' });
    expect(body.user.attributes['custom:database_id']).toMatch(/^\d+$/);
    // The hand-over code works once.
    expect((await exchange(done.code!)).statusCode).toBe(400);

    const auth = { authorization: `Bearer ${body.access_token}` };
    const linked = await ctx.app.inject({ method: 'GET', url: '/api/identity/linked-accounts', headers: auth });
    expect(linked.json()).toMatchObject({ has_password: false, accounts: [{ provider: 'google', email: address }] });
    const unlink = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/identity/linked-accounts/google',
      headers: auth,
    });
    expect(unlink.statusCode).toBe(400);
    // No password yet: the password sign-in fails like a wrong one.
    const withPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      payload: { email: address, password: PASSWORD },
    });
    expect(withPassword.json().error.exception).toBe('NotAuthorizedException');

    // The same person again signs in to the same account.
    const again = await consent('google', address);
    const second = await exchange(outcome(await callback(again.callback, again.verifier)).code!);
    expect(second.json().user.username).toBe(body.user.username);
    expect(await count('users')).toBe(users + 1);
  });

  it('links an existing verified e-mail to the same account, which can unlink it once it has a password', async () => {
    const address = email();
    const user = await signedInUser(ctx.app, address);
    const users = await count('users');
    const { callback: back, verifier } = await consent('facebook', address);
    const session = await exchange(outcome(await callback(back, verifier)).code!);
    expect(session.statusCode).toBe(200);
    expect(session.json().user.username).toBe(user.username);
    expect(await count('users')).toBe(users);

    const linked = await ctx.app.inject({ method: 'GET', url: '/api/identity/linked-accounts', headers: user.auth });
    expect(linked.json()).toMatchObject({ has_password: true, accounts: [{ provider: 'facebook', email: address }] });
    const unlink = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/identity/linked-accounts/facebook',
      headers: user.auth,
    });
    expect(unlink.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/identity/linked-accounts', headers: user.auth })).json()
        .accounts,
    ).toEqual([]);
  });

  it('refuses a callback with a wrong state, and creates nothing', async () => {
    const before = [await count('users'), await count('identity_oauth_accounts'), await count('clients')];
    const { callback: back, verifier } = await consent('google', email());
    const forged = new URL(back);
    forged.searchParams.set('state', `${back.searchParams.get('state')}x`);
    expect(outcome(await callback(forged, verifier))).toEqual({ error: 'failed' });
    const missing = new URL(back);
    missing.searchParams.delete('state');
    expect(outcome(await callback(missing, verifier))).toEqual({ error: 'failed' });
    expect([await count('users'), await count('identity_oauth_accounts'), await count('clients')]).toEqual(before);
  });

  it('refuses a callback from another browser (a wrong or missing verifier), and creates nothing', async () => {
    const before = [await count('users'), await count('identity_oauth_accounts'), await count('clients')];
    const first = await consent('google', email());
    expect(outcome(await callback(first.callback, `${first.verifier}x`))).toEqual({ error: 'failed' });
    // The state was used up by that attempt: the right verifier cannot replay it either.
    expect(outcome(await callback(first.callback, first.verifier))).toEqual({ error: 'failed' });
    const second = await consent('facebook', email());
    expect(outcome(await callback(second.callback, null))).toEqual({ error: 'failed' });
    expect([await count('users'), await count('identity_oauth_accounts'), await count('clients')]).toEqual(before);
  });

  it('hands the sign-in over only to the browser that came back from the provider', async () => {
    const { callback: back, verifier } = await consent('google', email());
    const returned = await callback(back, verifier);
    const { code } = outcome(returned);
    const setCookie = [returned.headers['set-cookie']].flat().find((c) => c?.startsWith('dpp_handoff='));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/identity\/oauth\//);
    // A link carrying the code, opened in another browser, signs nobody in: no cookie, or another one.
    for (const other of [null, 'x'.repeat(43)]) {
      const refused = await exchange(code!, other);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(SECURITY_MESSAGES.SOCIAL_FAILED);
    }
    const session = await exchange(code!, setCookie!.split(';')[0]!.slice('dpp_handoff='.length));
    expect(session.statusCode).toBe(200);
    expect(session.headers['set-cookie']).toMatch(/dpp_handoff=;/);
  });

  it('the sandbox token endpoint checks the client secret, the code, the redirect URI and the PKCE verifier', async () => {
    const { callback: back, verifier } = await consent('google', email());
    const code = back.searchParams.get('code')!;
    const token = (fields: Record<string, string>, auth?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/sandbox/google/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(auth && { authorization: auth }) },
        payload: new URLSearchParams(fields).toString(),
      });
    const redirect = `${origin}/api/identity/oauth/google/callback`;
    const base = { grant_type: 'authorization_code', code, redirect_uri: redirect, code_verifier: verifier };
    const wrongClient = await token({ ...base, client_id: 'sandbox-google-client', client_secret: 'guess' });
    expect(wrongClient.statusCode).toBe(401);
    expect(wrongClient.json().error).toBe('invalid_client');

    const { clientId, clientSecret } = sandboxClient('google', KEY);
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    const wrongVerifier = await token({ ...base, code_verifier: `${verifier}x` }, basic);
    expect(wrongVerifier.statusCode).toBe(400);
    expect(wrongVerifier.json().error).toBe('invalid_grant');
    const wrongRedirect = await token({ ...base, redirect_uri: 'https://evil.example/callback' }, basic);
    expect(wrongRedirect.json().error).toBe('invalid_grant');
    const wrongCode = await token({ ...base, code: `${code}x` }, basic);
    expect(wrongCode.json().error).toBe('invalid_grant');

    const right = await token({ ...base, client_id: clientId, client_secret: clientSecret });
    expect(right.statusCode).toBe(200);
    const accessToken = right.json().access_token as string;
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/sandbox/google/userinfo',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(profile.json()).toMatchObject({ email_verified: true, sub: expect.stringMatching(/^\d{21}$/) });
    expect((await token(base, basic)).json().error).toBe('invalid_grant');
  });

  it('says when the person denies the request', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/identity/oauth/google/start' });
    const authorize = new URL(start.headers.location as string);
    const form = new URLSearchParams(authorize.searchParams);
    form.set('decision', 'deny');
    const denied = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/google/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    const back = new URL(denied.headers.location as string);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(outcome(await callback(back, cookieOf(start)))).toEqual({ error: 'cancelled' });
  });

  it('refuses a consent request for another redirect URI', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/identity/oauth/google/start' });
    const authorize = new URL(start.headers.location as string);
    authorize.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const res = await ctx.app.inject({ method: 'GET', url: pathOf(authorize.toString()) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('redirect_uri_mismatch');
  });

  it('asks for the second factor after a social sign-in when it is on', async () => {
    const address = email();
    const user = await signedInUser(ctx.app, address);
    const setup = await ctx.app.inject({ method: 'POST', url: '/api/identity/mfa/setup', headers: user.auth });
    const code = await generate({ secret: setup.json().secret as string });
    const on = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/mfa/enable',
      headers: user.auth,
      payload: { code },
    });
    expect(on.statusCode).toBe(200);
    const { callback: back, verifier } = await consent('google', address);
    const answer = (await exchange(outcome(await callback(back, verifier)).code!)).json();
    expect(answer).toMatchObject({ mfa_required: true, mfa_token: expect.any(String) });
    expect(answer.access_token).toBeUndefined();
  });

  it('refuses the placeholder address of an erased member: no identity attaches to its kept record', async () => {
    const address = email();
    const leaving = await signedInMember(ctx.app, address);
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/my-data/delete-account',
      headers: leaving.auth,
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const placeholder = `deleted-${leaving.clientId}@deleted.invalid`;
    const before = [await count('users'), await count('identity_oauth_accounts'), await count('clients')];
    const { callback: back, verifier } = await consent('google', placeholder);
    expect(outcome(await callback(back, verifier))).toEqual({ error: 'reserved' });
    expect([await count('users'), await count('identity_oauth_accounts'), await count('clients')]).toEqual(before);
  });
});

describe('production mode without client ids', () => {
  it('reports the providers unavailable, and has no sandbox consent page', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://planner.example.com' });
    try {
      const states = async () =>
        Number(
          (
            (await production.app.db.execute(sql`select count(*)::int as n from identity_oauth_states`)) as {
              rows: { n: number }[];
            }
          ).rows[0]!.n,
        );
      const before = await states();
      for (const provider of ['google', 'facebook']) {
        const start = await production.app.inject({ method: 'GET', url: `/api/identity/oauth/${provider}/start` });
        expect(start.statusCode).toBe(302);
        expect(start.headers.location).toBe('/social-sign-in#error=unavailable');
        expect(start.headers['set-cookie']).toBeUndefined();
      }
      expect(await states()).toBe(before);
      const authorize = `/sandbox/google/authorize?${new URLSearchParams({
        client_id: sandboxClient('google', KEY).clientId,
        redirect_uri: 'https://planner.example.com/api/identity/oauth/google/callback',
        response_type: 'code',
        state: 'state',
      })}`;
      expect((await production.app.inject({ method: 'GET', url: authorize })).statusCode).toBe(404);
      expect(
        (await production.app.inject({ method: 'POST', url: '/sandbox/google/authorize', payload: {} })).statusCode,
      ).toBe(404);
      expect(
        (await production.app.inject({ method: 'POST', url: '/sandbox/google/token', payload: {} })).statusCode,
      ).toBe(404);
      // Outside production the same page exists.
      expect((await ctx.app.inject({ method: 'GET', url: authorize })).statusCode).not.toBe(404);
    } finally {
      await production.close();
    }
  });
});
