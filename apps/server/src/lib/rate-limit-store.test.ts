import { randomInt } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/helpers';
import { postgresRateLimitStore, rateLimitStorage } from './rate-limit-store';

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

    // A 100 ms window: counted on while it lasts, from one again once it has ended.
    expect((await incr(instanceA, '10.0.0.3', 100)).current).toBe(1);
    const counts: number[] = [];
    const countAgain = async () => {
      const { current } = await incr(instanceB, '10.0.0.3', 100);
      counts.push(current);
      return current;
    };
    await expect.poll(countAgain, { interval: 20 }).toBe(1);
    const withinWindow = counts.slice(0, -1);
    expect(withinWindow).toEqual(withinWindow.map((_, i) => i + 2));
  });
});

describe('finished rate-limit windows', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const keys = async () =>
    (
      (await ctx.app.db.execute(
        sql`select key from rate_limit_hits where key like 'prune-%' order by key`,
      )) as unknown as {
        rows: { key: string }[];
      }
    ).rows.map((r) => r.key);
  const hit = (key: string, seconds: number) =>
    ctx.app.db.execute(
      sql`insert into rate_limit_hits (key, count, expires_at) values (${key}, 1, now() + make_interval(secs => ${seconds}))`,
    );

  it('are deleted on a timer on PostgreSQL, live ones kept, and the timer stops on close', async () => {
    await hit('prune-ended', -5);
    await hit('prune-live', 60);
    const storage = rateLimitStorage({ DATABASE_URL: 'postgres://instances-share-this' }, ctx.app.db, 50);
    expect(storage.kind).toBe('postgres');
    await expect.poll(keys, { interval: 50 }).toEqual(['prune-live']);
    await storage.close();
    await hit('prune-ended-after-close', -5);
    // That nothing happens any more can only be seen by waiting: six of the timer's 50 ms periods. Slowness
    // cannot fail this check, only make it wait longer than needed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await keys()).toEqual(['prune-ended-after-close', 'prune-live']);
  });
});

describe('rate limits across two instances with Redis', () => {
  // Behind one load balancer: the address it saw (the last one of X-Forwarded-For) is the client's.
  const env = {
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    IDENTITY_RATE_LIMIT_PER_MINUTE: '3',
    TRUST_PROXY: '1',
  };
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    [first, second] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  it('count one address together, whichever instance it reaches', async () => {
    // A fresh address per run: Redis keeps the counters of earlier runs for a minute, and the other integration
    // pass may run beside this one on the same Redis. The limiter counts an IPv6 address by its network (its
    // first 64 bits), so the network is what is drawn: one of 2^32 of the documentation prefix.
    const hex = () => randomInt(0, 0x10000).toString(16);
    const address = `198.51.100.${randomInt(1, 255)}, 2001:db8:${hex()}:${hex()}::1`;
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
