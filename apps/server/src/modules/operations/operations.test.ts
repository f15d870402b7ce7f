import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import { callTool } from '../../adapters/task-tools/http';
import { ensureClient } from '../clients/clients.repository';
import { enqueueJob } from '../jobs/jobs.service';

/** The value of one series in a scrape, 0 when absent. */
async function scraped(app: FastifyInstance, series: string): Promise<number> {
  const body = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

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
  });

  it('shows queued and running jobs by kind and status, and a drained kind at 0', async () => {
    const series = 'job_queue_depth{kind="metrics-probe",status="queued"}';
    expect(await scraped(ctx.app, series)).toBe(0);
    const first = await enqueueJob(ctx.app.db, 'metrics-probe', {});
    await enqueueJob(ctx.app.db, 'metrics-probe', {});
    expect(await scraped(ctx.app, series)).toBe(2);
    await ctx.app.db.execute(sql`update jobs set status = 'running' where id = ${first.id}`);
    expect(await scraped(ctx.app, series)).toBe(1);
    expect(await scraped(ctx.app, 'job_queue_depth{kind="metrics-probe",status="running"}')).toBe(1);
    await ctx.app.db.execute(sql`update jobs set status = 'succeeded' where kind = 'metrics-probe'`);
    expect(await scraped(ctx.app, series)).toBe(0);
    expect(await scraped(ctx.app, 'job_queue_depth{kind="metrics-probe",status="running"}')).toBe(0);
  });

  it('counts a failed task-tool call under its tool', async () => {
    const series = 'upstream_errors_total{service="asana"}';
    const before = await scraped(ctx.app, series);
    const failing = (async () =>
      new Response('{"errors":[{"message":"Server Error"}]}', { status: 500 })) as typeof fetch;
    await expect(
      callTool('asana', { method: 'GET', url: 'https://app.asana.com/api/1.0/users/me' }, { fetch: failing }),
    ).rejects.toThrow('Server Error');
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(
      callTool('asana', { method: 'GET', url: 'https://app.asana.com/api/1.0/users/me' }, { fetch: unreachable }),
    ).rejects.toThrow('could not be reached');
    expect(await scraped(ctx.app, series)).toBe(before + 2);
  });
});

describe('upstream errors through a route', () => {
  let ctx: TestContext;
  let crm: Server;
  beforeAll(async () => {
    // An ActiveCampaign that fails every call.
    crm = createServer((_req, res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
    ctx = await buildTestApp({
      ACTIVECAMPAIGN_API_URL: `http://127.0.0.1:${(crm.address() as AddressInfo).port}`,
      ACTIVECAMPAIGN_API_KEY: 'test-key',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => crm.close(resolve));
  });

  it('counts the CRM refusing a call, and answers 502', async () => {
    const series = 'upstream_errors_total{service="activecampaign"}';
    const before = await scraped(ctx.app, series);
    const email = 'metrics-crm@example.com';
    const user = await signedInUser(ctx.app, email);
    const client = await ensureClient(ctx.app.db, email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/active-campaign/create-contact',
      headers: user.auth,
      payload: { first_name: 'Ada', last_name: 'Lovelace', email, database_id: client.id },
    });
    expect(res.statusCode).toBe(502);
    expect(await scraped(ctx.app, series)).toBe(before + 1);
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

describe('metrics in production', () => {
  it('are served to nobody when no token is set (a sandboxed production start has none)', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production', PRODUCTION_ALLOW_SANDBOX: 'true' });
    try {
      const res = await production.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('process_cpu');
    } finally {
      await production.close();
    }
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
