import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/task-tool-upload';
import { waitFor } from '../../test/wait-for';
import { SANDBOX_OAUTH_CLIENT } from '../ports/task-tool.port';

/**
 * The server as a process, the way an orchestrator runs it: started from main.ts, stopped with SIGTERM,
 * refused a start when production settings are missing. On the embedded database in a folder of its own.
 */
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

interface Server {
  url: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

const folders: string[] = [];
const children: ChildProcess[] = [];

function spawnServer(env: Record<string, string>, port = 0): Server {
  const dataDir = mkdtempSync(join(tmpdir(), 'dpp-process-'));
  folders.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'Admin#Process2026',
      JOBS_POLL_INTERVAL_MS: '0',
      BILLING_TICK_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, child, output, exited };
}

// The server runs from source (tsx compiles it as it loads): on a machine busy with other work that alone has taken
// over 90 s, so the limits here are for a server that never starts.
async function startServer(env: Record<string, string>): Promise<Server> {
  const server = spawnServer(env, await freePort());
  await waitFor(
    'the server to get ready',
    async () => {
      if (server.child.exitCode !== null) return server;
      return (await fetch(`${server.url}/readyz`)).ok ? server : undefined;
    },
    { timeoutMs: 240_000 },
  );
  if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output.join('')}`);
  return server;
}

/**
 * A request the simulator takes `SANDBOX_LATENCY_MS` to answer, on a connection of its own (a pooled one left
 * idle by the readiness polls could be closed under it), resolved once the server has logged that it is
 * handling it: from then on it is in flight.
 */
async function longRequest(server: Server) {
  const handled = server.output.length;
  const answer = new Promise<{ status: number; body: string; at: number }>((resolve, reject) => {
    const req = httpRequest(`${server.url}/sandbox/asana/api/1.0/users/me`, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), at: Date.now() }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  await waitFor('the server to handle the request', async () =>
    server.output.slice(handled).join('').includes('simulator answering after its latency') ? true : undefined,
  );
  return { answer };
}

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

// Every process here runs on the embedded database in a folder of its own (DATABASE_URL is emptied), whichever pass
// runs the file: the PostgreSQL pass would only run the same four tests again, at a minute or two of its time.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the server process', () => {
  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const server = await startServer({ SANDBOX_LATENCY_MS: '3000', LOG_LEVEL: 'debug' });
    const { answer: inFlight } = await longRequest(server);
    const signalled = Date.now();
    server.child.kill('SIGTERM');

    const answer = await inFlight;
    // The simulator's own refusal of a call without a token: the request ran to its end.
    expect(answer.status).toBe(401);
    expect(answer.body).toContain('errors');
    // It was in flight when the signal came: answered after it.
    expect(answer.at).toBeGreaterThan(signalled);
    expect(await server.exited).toBe(0);
    expect(server.output.join('')).toContain('shutting down');
    // Nothing is listening any more.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  }, 300_000);

  it('exits 1 when requests outlast the shutdown timeout, saying so', async () => {
    const server = await startServer({ SANDBOX_LATENCY_MS: '8000', SHUTDOWN_TIMEOUT_SECONDS: '1', LOG_LEVEL: 'debug' });
    const { answer } = await longRequest(server);
    answer.catch(() => {});
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(6000);
    expect(server.output.join('')).toContain('shutdown timed out');
  }, 300_000);

  it('with PUBLIC_URL unset, links and connect steps use the address it listens on, and it says so at start', async () => {
    const server = await startServer({});
    expect(server.output.join('')).toContain(
      `PUBLIC_URL is not set: links and task-tool connect steps use ${server.url}`,
    );
    // The simulator's consent page accepts only a redirect back under PUBLIC_URL: the connect step's own address.
    const consent = new URL('/sandbox/asana/-/oauth_authorize', server.url);
    consent.search = new URLSearchParams({
      client_id: SANDBOX_OAUTH_CLIENT.clientId,
      redirect_uri: `${server.url}/upload-action/connect/asana`,
      response_type: 'code',
      state: 'state-1',
    }).toString();
    const page = await fetch(consent);
    expect(page.status, await page.clone().text()).toBe(200);
  }, 300_000);

  it('refuses to start in production with a secret missing, naming it, with exit code 1', async () => {
    const server = spawnServer({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://app.example.com',
      PRODUCTION_ALLOW_SANDBOX: 'false',
    });
    expect(await server.exited).toBe(1);
    const output = server.output.join('');
    expect(output).toContain('Invalid configuration');
    for (const setting of ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'TOKEN_ENCRYPTION_KEY']) {
      expect(output).toContain(setting);
    }
    expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});
