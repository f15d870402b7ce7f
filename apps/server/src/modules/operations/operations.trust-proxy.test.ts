import { desc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import { auditEvents } from '../audit/audit.tables';

/** Failed sign-ins, each claiming another client address in X-Forwarded-For. */
async function signInsFrom(ctx: TestContext, forwardedFor: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const address of forwardedFor) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in',
      headers: { 'x-forwarded-for': address },
      payload: { email: 'nobody@example.com', password: 'Wrong#2026x' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

async function lastAuditIp(ctx: TestContext): Promise<string | undefined> {
  const [event] = await ctx.app.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  return event?.ip;
}

describe('client addresses behind proxies', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('by default ignores X-Forwarded-For: a spoofed address neither resets the rate limit nor enters the audit log', async () => {
    ctx = await buildTestApp({ IDENTITY_RATE_LIMIT_PER_MINUTE: '3' });
    const statuses = await signInsFrom(ctx, ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    // inject's socket address: the only one the server can vouch for.
    expect(await lastAuditIp(ctx)).toBe('127.0.0.1');
  });

  it('with a hop count, believes that many proxies: the address the last one saw is the client', async () => {
    ctx = await buildTestApp({ IDENTITY_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
    // What a client prepends is further left than the one hop trusted, so it changes nothing.
    const spoofed = await signInsFrom(
      ctx,
      ['10.9.9.1', '10.9.9.2', '10.9.9.3', '10.9.9.4'].map((fake) => `${fake}, 203.0.113.5`),
    );
    expect(spoofed[3]).toBe(429);
    expect(await lastAuditIp(ctx)).toBe('203.0.113.5');
    // Another client behind the same proxy has its own allowance.
    expect((await signInsFrom(ctx, ['203.0.113.6']))[0]).not.toBe(429);
  });

  it('with a list of proxy ranges, believes only proxies in it', async () => {
    ctx = await buildTestApp({ IDENTITY_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.0/8, 10.0.0.0/8' });
    await signInsFrom(ctx, ['203.0.113.9, 10.1.2.3']);
    // 10.1.2.3 is a trusted proxy as well, so the client is the address before it.
    expect(await lastAuditIp(ctx)).toBe('203.0.113.9');
  });
});
