import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { waitFor } from '../apps/server/test/wait-for';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin-account';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const SERVER_ENTRY = new URL('../apps/server/dist/main.js', import.meta.url).pathname;

function freePort(): Promise<number> {
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

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  // An embedded database's first start (initdb, migrations, seed) beside other work can take minutes; the limit is
  // for a server that never comes up.
  const healthy = await waitFor(
    'the server to become healthy',
    async () => (server.exitCode !== null ? false : (await fetch(`${url}/healthz`)).ok || undefined),
    { timeoutMs: 240_000, intervalMs: 250 },
  );
  if (!healthy) throw new Error(`The server exited with code ${server.exitCode}`);
}

/**
 * Keys that would make the server talk to real providers: without them it uses its local ones (the task-tool
 * simulators, the local CRM, payments, mail and AI), whatever the shell running the tests has set.
 */
const REAL_PROVIDER_KEYS = [
  'ASANA_CLIENT_ID',
  'ASANA_CLIENT_SECRET',
  'CLICKUP_CLIENT_ID',
  'CLICKUP_CLIENT_SECRET',
  'MONDAY_CLIENT_ID',
  'MONDAY_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_API_BASE',
  'ACTIVECAMPAIGN_API_URL',
  'ACTIVECAMPAIGN_API_KEY',
  'SMTP_URL',
  'AI_API_KEY',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_ID',
  'FACEBOOK_CLIENT_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
];

/**
 * Shared state the journeys' one server must not use: with the Redis that `npm test` provides, its per-address
 * rate limits (every browser here is 127.0.0.1) would be counted together with any other run on the machine.
 */
const SHARED_STATE_KEYS = ['REDIS_URL', 'DATABASE_URL'];

function localEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [...REAL_PROVIDER_KEYS, ...SHARED_STATE_KEYS]) delete env[key];
  return env;
}

/** Starts the production build on a free port with a fresh embedded database. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dpp-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    // PUBLIC_URL is where OAuth redirects (the sandbox simulators' included) may go back to.
    env: {
      ...localEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // A document or an archive built on the worker pool is refused past this limit (60 s by default): here it is
      // a limit for a hang, as every limit of the journeys is, not for a machine busy with other work.
      WORKER_TASK_SECONDS: '300',
      // Every member of the journeys comes from 127.0.0.1, as hundreds of people behind one office's address would:
      // the per-address limit of the identity routes (30 a minute) would refuse a busy minute's sign-ins. The limit
      // itself is tested on the API (identity.test.ts); the waits after wrong passwords, per account, still apply.
      IDENTITY_RATE_LIMIT_PER_MINUTE: '600',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server).catch((error: unknown) => {
    // A server that never became healthy must not outlive the run.
    server.kill('SIGTERM');
    throw error;
  });
  project.provide('baseUrl', baseUrl);
  return () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
