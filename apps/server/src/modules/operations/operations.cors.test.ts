import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';

/** CORS is closed: the API serves the app's own origin only, so a browser on another site reads nothing. */
describe('cross-origin requests', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const corsHeaders = (headers: Record<string, unknown>) =>
    Object.keys(headers).filter((name) => name.toLowerCase().startsWith('access-control-'));
  const origin = 'https://elsewhere.example';

  it('get no CORS headers on a simple request, signed in or not', async () => {
    const user = await signedInUser(ctx.app, 'cors@example.com');
    for (const request of [
      { method: 'GET' as const, url: '/api/plan/get', headers: { origin } },
      { method: 'GET' as const, url: '/api/identity/current-user', headers: { origin, ...user.auth } },
      {
        method: 'POST' as const,
        url: '/api/identity/sign-in',
        headers: { origin, 'content-type': 'application/json' },
        payload: { email: 'cors@example.com', password: 'Wrong#2026x' },
      },
    ]) {
      const res = await ctx.app.inject(request);
      expect(res.statusCode, request.url).toBeLessThan(500);
      expect(corsHeaders(res.headers), request.url).toEqual([]);
    }
  });

  it('get no CORS headers on a preflight, which is not allowed', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/identity/sign-in',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(corsHeaders(res.headers)).toEqual([]);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });
});
