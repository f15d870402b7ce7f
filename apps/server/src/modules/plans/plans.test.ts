import { PlanListResponseSchema, pricingCards } from '@dpp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/plan/get', () => {
  it('returns plans 4, 6, 7 and 9 with prices in cents and bullet points under data', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/plan/get' });
    expect(res.statusCode).toBe(200);
    const { data } = PlanListResponseSchema.parse(res.json());
    expect(data.map((p) => p.id)).toEqual([4, 6, 7, 9]);
    const premium = data.find((p) => p.id === 7)!;
    expect(premium.type).toBe('5');
    expect(premium.prices[0]?.price).toBe(7900);
    expect(premium.prices[0]?.stripe_price_id).not.toBe('');
    expect(premium.meta.length).toBeGreaterThan(2);
    expect(pricingCards(data).map((p) => p.id)).toEqual([4, 6, 7]);
  });
});

describe('operations', () => {
  it('answers /healthz', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends the security headers on every response', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/plan/get' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('keeps a request id the client sent, and makes one otherwise', async () => {
    const sent = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-1234abcd' },
    });
    expect(sent.headers['x-request-id']).toBe('trace-1234abcd');
    const bad = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'no spaces!' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('documents every API route at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/plan/get',
      '/api/project-plans-without-pagination',
      '/api/project-plan-categories',
      '/api/project-plans',
      '/api/project-plans/{idOrSlug}',
      '/api/countries',
      '/healthz',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('answers unknown API routes with the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('lists about 240 countries with dialling codes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/countries' });
    const countries = res.json() as { name: string; dial_code: string; code: string }[];
    expect(countries.length).toBeGreaterThan(230);
    expect(countries).toContainEqual({ name: 'United States', dial_code: '+1', code: 'US' });
  });

  it('seeds only once: a second run inserts nothing', async () => {
    const { seedDatabase } = await import('../../db/seed');
    expect(await seedDatabase(ctx.app.db)).toEqual({ plans: 0, templates: 0, countries: 0, permissions: 0 });
  });
});
