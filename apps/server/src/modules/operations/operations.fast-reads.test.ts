import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';

const FAST_PATHS = [
  '/api/plan/get',
  '/api/project-plans-without-pagination',
  '/api/project-plan-categories',
  '/api/countries',
];
/** Headers that differ per answer. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'transfer-encoding']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_ANSWER.has(name))
      .map(([name, value]) => [name, String(value)]),
  );

/** The app over a real socket, counting the requests that reach Fastify's hooks. */
async function listeningApp(env: Record<string, string>, lines: { msg: string; [key: string]: unknown }[] = []) {
  const reachedFastify: string[] = [];
  const ctx = await buildTestApp(
    { LOG_LEVEL: 'info', ...env },
    { write: (line) => lines.push(JSON.parse(line)) },
    (app) => {
      app.addHook('onRequest', (request, _reply, done) => {
        reachedFastify.push(request.url);
        done();
      });
    },
  );
  const base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  // node:http keeps the bytes as sent (fetch would undo the gzip).
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      request(base + path, { method, headers: { 'accept-encoding': 'identity', ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    });
  return { ctx, get, reachedFastify };
}

describe('cached public reads answered below Fastify', () => {
  let fast: Awaited<ReturnType<typeof listeningApp>>;
  const lines: { msg: string; [key: string]: unknown }[] = [];

  beforeAll(async () => {
    fast = await listeningApp({ ACCESS_LOG_READ_SAMPLE: '2' }, lines);
    // The first read of each loads it through Fastify's route.
    for (const path of FAST_PATHS) await fast.get(path);
  });
  afterAll(() => fast.ctx.close());

  it.each(FAST_PATHS)('%s: the same status, headers and bytes as the route, without reaching Fastify', async (path) => {
    for (const encoding of ['identity', 'gzip']) {
      const before = fast.reachedFastify.length;
      const answer = await fast.get(path, { 'accept-encoding': encoding });
      expect(fast.reachedFastify.length).toBe(before);
      const route = await fast.ctx.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': encoding } });
      expect(answer.status).toBe(200);
      expect(comparable(answer.headers)).toEqual(comparable(route.headers));
      expect(answer.body.equals(route.rawPayload)).toBe(true);
      // None was sent: the lane made one, as the app makes them (32 hex digits).
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      expect(answer.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
    }
  });

  it('answers 304 to a client holding the current copy, as the route does', async () => {
    const { headers } = await fast.get('/api/plan/get');
    const before = fast.reachedFastify.length;
    const answer = await fast.get('/api/plan/get', { 'if-none-match': headers.etag as string });
    expect(fast.reachedFastify.length).toBe(before);
    const route = await fast.ctx.app.inject({
      method: 'GET',
      url: '/api/plan/get',
      headers: { 'if-none-match': headers.etag as string },
    });
    expect(answer.status).toBe(304);
    expect(route.statusCode).toBe(304);
    expect(comparable(answer.headers)).toEqual(comparable(route.headers));
    expect(answer.body).toHaveLength(0);
  });

  it("keeps the caller's request id when it is well-formed, and makes one when it is not", async () => {
    expect((await fast.get('/api/countries', { 'x-request-id': 'abc-12345678' })).headers['x-request-id']).toBe(
      'abc-12345678',
    );
    const made = (await fast.get('/api/countries', { 'x-request-id': 'no good id' })).headers['x-request-id'];
    expect(made).toMatch(/^[0-9a-f]{32}$/);
  });

  it('leaves HEAD, a query string and any other path to Fastify', async () => {
    const before = fast.reachedFastify.length;
    await fast.get('/api/plan/get', {}, 'HEAD');
    await fast.get('/api/plan/get?fresh=1');
    await fast.get('/api/project-plans?page=0&size=3');
    expect(fast.reachedFastify.slice(before)).toEqual([
      '/api/plan/get',
      '/api/plan/get?fresh=1',
      '/api/project-plans?page=0&size=3',
    ]);
  });

  it('counts every answer in the metrics and samples the access log alike', async () => {
    const metric = async () =>
      Number(
        (await fast.ctx.app.metrics.registry.getSingleMetricAsString('http_request_duration_seconds')).match(
          /http_request_duration_seconds_count\{[^}]*route="\/api\/project-plan-categories"[^}]*status_code="200"[^}]*\} (\d+)/,
        )?.[1] ?? 0,
      );
    const counted = await metric();
    const start = lines.length;
    for (let i = 0; i < 4; i++) await fast.get('/api/project-plan-categories');
    expect(await metric()).toBe(counted + 4);
    const logged = lines.slice(start).filter((line) => line.msg === 'request');
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).toMatchObject({ method: 'GET', url: '/api/project-plan-categories', statusCode: 200, sampled: 2 });
      expect(line.reqId).toMatch(/^[0-9a-f]{32}$/);
    }
  });
});

describe('a cached read that is not fresh', () => {
  let stale: Awaited<ReturnType<typeof listeningApp>>;

  beforeAll(async () => {
    // Nothing stays fresh: every read goes through the route, which loads it again.
    stale = await listeningApp({ CATALOGUE_CACHE_SECONDS: '0' });
  });
  afterAll(() => stale.ctx.close());

  it('is answered by Fastify, the same way', async () => {
    const before = stale.reachedFastify.length;
    const answer = await stale.get('/api/plan/get');
    expect(stale.reachedFastify.slice(before)).toEqual(['/api/plan/get']);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString()).data.length).toBeGreaterThan(0);
  });
});
