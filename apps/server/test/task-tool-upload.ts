import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestContext } from './helpers';
import type { Caller } from './sandbox-sending';

export { type Caller, connectSandboxTool, httpCaller } from './sandbox-sending';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Calls the app in the test's own process (Fastify's inject), as the browser would over HTTP. */
export function injectCaller(app: FastifyInstance): Caller {
  return {
    async call(method, path, body, headers) {
      const res = await app.inject({
        method,
        url: path,
        ...(headers && { headers }),
        ...(body !== undefined && { payload: body as object }),
      });
      return { status: res.statusCode, json: () => res.json() };
    },
  };
}

/**
 * A test app listening on a free port, its PUBLIC_URL that port: the adapters reach the simulators over HTTP, as
 * they would reach the real tools. The tools' own request limits are lifted (they would only make uploads wait).
 */
export async function listeningSimulatorApp(env: Record<string, string> = {}): Promise<TestContext> {
  const port = await freePort();
  const ctx = await buildTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SANDBOX_ASANA_REQUESTS_PER_MINUTE: '10000',
    SANDBOX_CLICKUP_REQUESTS_PER_MINUTE: '10000',
    ...env,
  });
  await ctx.app.listen({ host: '127.0.0.1', port });
  return ctx;
}

/** The upload call for ClickUp: into a space, answered once the job has finished or the wait ran out. */
export function clickupUploadPath(spaceId: string, planId: number | string, clientId: number) {
  return `/api/clickup/spaces/${spaceId}/upload-plan/${planId}/database-id/${clientId}`;
}
