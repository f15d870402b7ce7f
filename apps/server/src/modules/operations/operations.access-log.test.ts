import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';

interface AccessLine {
  msg: string;
  method: string;
  url: string;
  statusCode: number;
  ms: number;
  reqId: string;
  sampled?: number;
}

describe('the access log', () => {
  let ctx: TestContext;
  const lines: AccessLine[] = [];
  const since = (start: number) => lines.slice(start).filter((line) => line.msg.startsWith('request'));

  beforeAll(async () => {
    ctx = await buildTestApp(
      { LOG_LEVEL: 'info', ACCESS_LOG_READ_SAMPLE: '3' },
      { write: (l) => lines.push(JSON.parse(l)) },
    );
  });
  afterAll(() => ctx.close());

  it('keeps one line in three of the successful reads, marked sampled, and counts every one in the metrics', async () => {
    const start = lines.length;
    for (let i = 0; i < 6; i++) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/plan/get' })).statusCode).toBe(200);
    }
    // A slow read (the first, which reads the database, on a busy machine) is always logged, unsampled.
    const logged = since(start);
    const slow = logged.filter((line) => line.sampled === undefined);
    for (const line of slow) expect(line.ms).toBeGreaterThanOrEqual(500);
    const sampled = logged.filter((line) => line.sampled !== undefined);
    expect(sampled).toHaveLength(Math.floor((6 - slow.length) / 3));
    for (const line of sampled) expect(line).toMatchObject({ url: '/api/plan/get', statusCode: 200, sampled: 3 });
    // Each line is bound to its request, though the request's logger is made only for a line.
    for (const line of logged) expect(line.reqId).toMatch(/^[0-9a-f]{32}$/);
    const metrics = await ctx.app.metrics.registry.getSingleMetricAsString('http_request_duration_seconds');
    expect(metrics).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/plan\/get"[^}]*\} 6\b/);
  });

  it('keeps the line of every refused or failed request and of every write', async () => {
    const start = lines.length;
    await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    await ctx.app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email: 'x', password: 'y' } });
    const logged = since(start);
    expect(logged.map((line) => [line.method, line.url, line.sampled])).toEqual([
      ['GET', '/api/nothing-here', undefined],
      ['GET', '/api/nothing-here', undefined],
      ['POST', '/api/identity/sign-in', undefined],
    ]);
    expect(logged.every((line) => line.statusCode >= 400)).toBe(true);
  });
});
