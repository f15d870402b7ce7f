import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { seedDatabase } from '../src/db/seed';
import { waitForJob } from '../src/modules/jobs/jobs.service';

export interface TestContext {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database per call: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL, so the same suite runs on both.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  logStream?: { write(line: string): void },
  /** Adds test-only routes or hooks before the app is sealed. */
  extend?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestContext> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const database = await openDatabase({ url: scratch?.url, dataDir: 'memory://', poolSize: 4 });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    IDENTITY_RATE_LIMIT_PER_MINUTE: '10000',
    // Production refuses to start without one; tests build production apps too.
    STORAGE_SIGNING_SECRET: 'test-only-upload-signing-secret-0123456789',
    TOKEN_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    // No billing timer: tests run the tick themselves, unless a test sets a tick of its own.
    BILLING_TICK_SECONDS: '0',
    ...env,
  });
  const app = await buildApp({ config, db: database.db, ...(logStream && { logStream }) });
  await extend?.(app);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

export async function createScratchDatabase(serverUrl: string) {
  const name = `dpp_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

export const PASSWORD = 'Planner#2026';

/** Reads the newest link to `path` that the local mailbox holds for an address. */
export async function mailedLink(app: FastifyInstance, to: string, path: '/activate-account/' | '/reset-password/') {
  // Reset links are mailed by a job after the answer: wait until the queued ones have run.
  const pending = (await app.db.execute(
    sql`select id from jobs where kind = 'identity.password-reset-mail' and status in ('queued', 'running')`,
  )) as unknown as { rows: { id: number }[] };
  for (const { id } of pending.rows) {
    await app.jobs.runner.runOnce(id);
    await waitForJob(app.db, id, 10_000, 10);
  }
  const res = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  const messages = res.json() as { links: string[] }[];
  const link = messages.flatMap((m) => m.links).find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link mailed to ${to}`);
  const [code, username] = new URL(link).pathname.slice(path.length).split('/');
  return { code: code!, username: username! };
}

/** A confirmed account, signed in: its bearer token and username. */
export async function signedInUser(app: FastifyInstance, email: string, password = PASSWORD) {
  const signUp = await app.inject({ method: 'POST', url: '/api/identity/sign-up', payload: { email, password } });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const { code, username } = await mailedLink(app, email, '/activate-account/');
  // Confirmed by the one who signed up: the sign-up's proof keeps the password.
  const sign_up_proof = (signUp.json() as { sign_up_proof: string }).sign_up_proof;
  await app.inject({
    method: 'POST',
    url: '/api/identity/confirm-sign-up',
    payload: { username, code, sign_up_proof },
  });
  const signIn = await app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email, password } });
  const body = signIn.json() as { access_token: string };
  return { token: body.access_token, username, auth: { authorization: `Bearer ${body.access_token}` } };
}
