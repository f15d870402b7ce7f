import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';

describe('operations endpoints', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('answers liveness', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready once every shipped migration is applied', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ready');
    expect(res.json().migrations).toBeGreaterThanOrEqual(2);
  });

  it('exposes request latency by route pattern in Prometheus format', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/plan/get' });
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/plan\/get",status_code="200"\} 1/,
    );
    expect(res.body).toContain('upstream_errors_total');
    expect(res.body).toContain('job_queue_depth');
  });
});

describe('metrics behind a token', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ METRICS_TOKEN: 'scrape-secret' });
  });
  afterAll(() => ctx.close());

  it('refuses a scrape without the token and serves one with it', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('readiness before migrations', () => {
  it('is not ready while the database lacks a migration of this build', async () => {
    const ctx = await buildTestApp();
    try {
      // As if the newest migration had not run yet (an instance of a newer build started early).
      await ctx.app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
    } finally {
      await ctx.close();
    }
  });
});
