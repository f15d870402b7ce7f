import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';

describe('graceful shutdown', () => {
  it('finishes the requests in flight, then stops listening', async () => {
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ctx = await buildTestApp({}, undefined, (app) => {
      app.get('/api/test/slow', async () => {
        release();
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { finished: true };
      });
    });
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });

    const inFlight = fetch(`${address}/api/test/slow`);
    await started;
    const closing = ctx.close();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closing;
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
  });
});
