import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, signedInUser, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await ctx.close();
});

let counter = 0;
const email = () => `sessions${++counter}.${Date.now()}@example.com`;
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signInAgain(address: string, userAgent: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    payload: { email: address, password: PASSWORD },
    headers: { 'user-agent': userAgent, 'x-forwarded-for': '203.0.113.7' },
  });
  return res.json().access_token as string;
}

const currentUser = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/identity/current-user', headers: bearer(token) });
const listSessions = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/identity/sessions', headers: bearer(token) });

describe('active sessions', () => {
  it('lists only the caller’s own live sessions, with device, address and times, the current one marked', async () => {
    const address = email();
    const user = await signedInUser(ctx.app, address);
    const laptop = await signInAgain(address, CHROME_ON_WINDOWS);
    await signedInUser(ctx.app, email());

    const res = await listSessions(user.token);
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as { id: number; device: string; ip: string; current: boolean; created_at: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect(other).toMatchObject({ device: 'Chrome 120 on Windows 10', ip: '203.0.113.7' });
    expect(Date.parse(other.created_at)).not.toBeNaN();
    expect(JSON.stringify(sessions)).not.toContain(laptop);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/identity/sessions' })).statusCode).toBe(401);
  });

  it('ends one session: its next request is refused; another user cannot end it', async () => {
    const address = email();
    const user = await signedInUser(ctx.app, address);
    const phone = await signInAgain(address, 'phone');
    const stranger = await signedInUser(ctx.app, email());
    const phoneId = ((await listSessions(phone)).json() as { id: number; current: boolean }[]).find(
      (s) => s.current,
    )!.id;

    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/identity/sessions/${phoneId}`,
      headers: stranger.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await currentUser(phone)).statusCode).toBe(200);

    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/identity/sessions/${phoneId}`,
      headers: user.auth,
    });
    expect(ended.statusCode).toBe(200);
    const refused = await currentUser(phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('UNAUTHENTICATED');
    expect((await currentUser(user.token)).statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/identity/sessions/${phoneId}`,
      headers: user.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('ends every other session and keeps this one', async () => {
    const address = email();
    const user = await signedInUser(ctx.app, address);
    const tablet = await signInAgain(address, 'tablet');
    const phone = await signInAgain(address, 'phone');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/sessions/revoke-others',
      headers: user.auth,
    });
    expect(res.json()).toEqual({ revoked: 2 });
    expect((await currentUser(tablet)).statusCode).toBe(401);
    expect((await currentUser(phone)).statusCode).toBe(401);
    expect((await currentUser(user.token)).statusCode).toBe(200);
    expect((await listSessions(user.token)).json()).toHaveLength(1);
  });
});
