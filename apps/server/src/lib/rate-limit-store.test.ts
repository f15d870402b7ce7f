import { randomInt } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/helpers';
import { postgresRateLimitStore } from './rate-limit-store';

const incr = (store: FastifyRateLimitStore, key: string, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
  );
const route = (url: string) => ({ routeInfo: { method: 'POST', url } }) as never;

describe('rate-limit counters in the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('are shared by every instance, per route, and start again when the window ends', async () => {
    const Store = postgresRateLimitStore(ctx.app.db);
    const instanceA = new Store().child(route('/api/identity/sign-in'));
    const instanceB = new Store().child(route('/api/identity/sign-in'));
    const otherRoute = new Store().child(route('/api/identity/sign-up'));

    expect((await incr(instanceA, '10.0.0.1')).current).toBe(1);
    expect((await incr(instanceB, '10.0.0.1')).current).toBe(2);
    const third = await incr(instanceA, '10.0.0.1');
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(55_000);
    expect((await incr(otherRoute, '10.0.0.1')).current).toBe(1);
    expect((await incr(instanceA, '10.0.0.2')).current).toBe(1);

    expect((await incr(instanceA, '10.0.0.3', 100)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await incr(instanceB, '10.0.0.3', 100)).current).toBe(1);
  });
});

describe('rate limits across two instances with Redis', () => {
  const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', IDENTITY_RATE_LIMIT_PER_MINUTE: '3' };
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    [first, second] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  it('count one address together, whichever instance it reaches', async () => {
    // A fresh address per run: Redis keeps the counters of earlier runs for a minute.
    const address = `198.51.100.${randomInt(1, 255)}, 203.0.113.${randomInt(1, 255)}`;
    const signIn = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        headers: { 'x-forwarded-for': address },
        payload: { email: 'nobody@example.com', password: 'Wrong#2026x' },
      });
    const statuses = [
      (await signIn(first)).statusCode,
      (await signIn(second)).statusCode,
      (await signIn(first)).statusCode,
      (await signIn(second)).statusCode,
    ];
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});
