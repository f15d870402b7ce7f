import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { sandboxToken } from './sandbox.test-helpers';

describe('sandbox faults', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const arm = (tool: string, body: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/sandbox/${tool}/faults`, payload: body as object });

  it('fires an armed 500 or 429 once, at the chosen request, in each tool’s own shape', async () => {
    const asana = await sandboxToken(ctx.app, 'asana', 'faults@example.com');
    const me = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/sandbox/asana/api/1.0/users/me',
        headers: { authorization: `Bearer ${asana}` },
      });
    expect((await arm('asana', { after: 1, kind: '500' })).statusCode).toBe(201);
    const asanaAnswers = [await me(), await me(), await me()];
    expect(asanaAnswers.map((a) => a.statusCode)).toEqual([200, 500, 200]);
    expect(asanaAnswers[1]!.json().errors[0]).toMatchObject({ message: 'Server Error', phrase: expect.any(String) });
    await arm('asana', { kind: '429' });
    const limited = await me();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');

    const clickup = await sandboxToken(ctx.app, 'clickup', 'faults@example.com');
    await arm('clickup', { kind: '429' });
    const cu = await ctx.app.inject({
      method: 'GET',
      url: '/sandbox/clickup/api/v2/user',
      headers: { authorization: clickup },
    });
    expect(cu.statusCode).toBe(429);
    expect(cu.json()).toEqual({ err: 'Rate limit reached', ECODE: 'APP_002' });
    expect(cu.headers['x-ratelimit-reset']).toBeDefined();

    const monday = await sandboxToken(ctx.app, 'monday', 'faults@example.com');
    await arm('monday', { kind: '500' });
    const md = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/monday/v2',
      headers: { authorization: monday },
      payload: { query: '{ me { email } }' },
    });
    expect(md.statusCode).toBe(500);
    expect(md.json().errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');

    await arm('asana', { after: 5, kind: '500' });
    expect((await ctx.app.inject({ method: 'DELETE', url: '/sandbox/asana/faults' })).statusCode).toBe(204);
    expect((await me()).statusCode).toBe(200);
    expect((await arm('asana', { kind: 'teapot' })).statusCode).toBe(400);
  });

  it('drops the connection without an answer', async () => {
    const token = await sandboxToken(ctx.app, 'asana', 'drop@example.com');
    await arm('asana', { kind: 'drop' });
    const dropped = ctx.app.inject({
      method: 'GET',
      url: '/sandbox/asana/api/1.0/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    await expect(dropped).rejects.toThrow();
  });
});

describe('sandbox state shared by several server instances', () => {
  it('takes a token issued by one instance on another, and counts one rate window for both', async () => {
    const first = await buildTestApp({ SANDBOX_ASANA_REQUESTS_PER_MINUTE: '2' });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      SANDBOX_ASANA_REQUESTS_PER_MINUTE: '2',
    });
    const second = await buildApp({ config, db: first.app.db });
    try {
      const token = await sandboxToken(first.app, 'asana', 'shared@example.com');
      const me = (app: typeof second) =>
        app.inject({
          method: 'GET',
          url: '/sandbox/asana/api/1.0/users/me',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await me(second)).statusCode).toBe(200);
      expect((await me(first.app)).statusCode).toBe(200);
      expect((await me(second)).statusCode).toBe(429);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
