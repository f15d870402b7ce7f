import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';

describe('graceful shutdown', () => {
  it('finishes the requests in flight, then stops listening', async () => {
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    let closingBegun: () => void = () => {};
    const closing = new Promise<void>((resolve) => {
      closingBegun = resolve;
    });
    const ctx = await buildTestApp({}, undefined, (app) => {
      // The request answers only once the app has begun to close: it is in flight during the shutdown.
      app.addHook('preClose', (done) => {
        closingBegun();
        done();
      });
      app.get('/api/test/slow', async () => {
        release();
        await closing;
        return { finished: true };
      });
    });
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });

    const inFlight = fetch(`${address}/api/test/slow`);
    await started;
    const closed = ctx.close();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closed;
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
  });
});
