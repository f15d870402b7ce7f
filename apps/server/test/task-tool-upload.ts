import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TaskToolName } from '../src/adapters/task-tools/task-tool.port';
import { buildTestApp, type TestContext } from './helpers';

/** Anything that answers HTTP like the app: a Fastify instance (inject) or a running server (fetch). */
export interface Caller {
  call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{
    status: number;
    json(): unknown;
  }>;
}

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

/** Calls a running server over HTTP, as a browser or another instance's client would. */
export function httpCaller(baseUrl: string): Caller {
  return {
    async call(method, path, body, headers = {}) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, json: () => JSON.parse(text) };
    },
  };
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

/**
 * Connects a task tool's simulator the way the browser does: the link, the consent form's Allow, the code
 * back to the app. Returns the connection handle and the first place (workspace or space) to upload into.
 */
export async function connectSandboxTool(
  app: Caller,
  auth: Record<string, string>,
  tool: TaskToolName,
  email: string,
): Promise<{ handle: string; placeId: string }> {
  const link = new URL(((await app.call('GET', `/api/${tool}/link`, undefined, auth)).json() as { link: string }).link);
  const consent = await fetch(`${link.origin}${link.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(link.searchParams), email, decision: 'allow' }),
  });
  const back = new URL(consent.headers.get('location')!);
  const tokens = await app.call(
    'POST',
    `/api/${tool}/tokens`,
    { userCode: back.searchParams.get('code'), state: back.searchParams.get('state') },
    auth,
  );
  const handle = (tokens.json() as { access_token: string }).access_token;
  const places = await app.call('POST', `/api/${tool}/workspaces`, { accessToken: handle }, auth);
  return { handle, placeId: (places.json() as { spaces: { id: string }[] }).spaces[0]!.id };
}

/** The upload call for ClickUp: into a space, answered once the job has finished or the wait ran out. */
export function clickupUploadPath(spaceId: string, planId: number | string, clientId: number) {
  return `/api/clickup/spaces/${spaceId}/upload-plan/${planId}/database-id/${clientId}`;
}
