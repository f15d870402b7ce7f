import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppDependencies, buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { type Database, type DatabaseHandle, openDatabase, PGLITE_EXTENSIONS } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import * as schema from '../src/db/schema';
import { seedDatabase } from '../src/db/seed';
import { ensureClient } from '../src/modules/clients/clients.repository';
import { waitForJob } from '../src/modules/jobs/jobs.service';

export interface TestContext {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database per call: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL, so the same suite runs on both. Each starts as a copy of a
 * template migrated and seeded once (see `migratedTemplate`), not from an empty database.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  logStream?: { write(line: string): void },
  /** Adds test-only routes or hooks before the app is sealed. */
  extend?: (app: FastifyInstance) => void | Promise<void>,
  /** Ports and clocks to use instead of the ones the config chooses. */
  dependencies: Partial<Omit<AppDependencies, 'config' | 'db' | 'logStream'>> = {},
): Promise<TestContext> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await scratchPostgres(serverUrl) : await seededPglite();
  const config = testConfig(env);
  const app = await buildApp({ ...dependencies, config, db: database.db, ...(logStream && { logStream }) });
  await extend?.(app);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A new database on the server, copied from the template, dropped when the test app closes. */
async function scratchPostgres(serverUrl: string): Promise<DatabaseHandle> {
  const scratch = await createScratchDatabase(serverUrl, await postgresTemplate(serverUrl));
  const database = await openDatabase({ url: scratch.url, dataDir: 'memory://', poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * An embedded database at the seeded state. Opening one from the template's dump costs about a second of CPU (the
 * PGlite start, not the dump), a tenth of an integration pass over its hundred test apps; so a worker keeps the
 * ones its closed test apps leave, each put back to the seeded state (`keepSeed`), and opens a new one only
 * when none is free. A database that cannot be put back is closed, never reused.
 */
const freePglites: Pooled[] = [];
interface Pooled {
  handle: DatabaseHandle;
  client: PGlite;
  reset: string;
}

async function seededPglite(): Promise<DatabaseHandle> {
  const pooled = freePglites.pop() ?? (await openSeededPglite());
  return {
    ...pooled.handle,
    async close() {
      try {
        await pooled.client.exec(pooled.reset);
        freePglites.push(pooled);
      } catch {
        await pooled.handle.close();
      }
    },
  };
}

async function openSeededPglite(): Promise<Pooled> {
  const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() });
  // The client under drizzle, for statements in bulk (its `query` takes one statement at a time).
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return { handle, client, reset: await keepSeed(client) };
}

/**
 * Keeps a copy of every table's seeded rows in temporary tables of the database's own session (out of `public`,
 * so the tests that list the tables do not see them) and returns the statement that puts the database back:
 * every table emptied and refilled from its copy, each sequence where the seed left it, and what a test may
 * have left in the session (advisory locks, settings) undone. Triggers and foreign keys wait while it refills.
 */
async function keepSeed(client: PGlite): Promise<string> {
  const tables = await client.query<{ name: string; columns: string }>(`
    select c.relname as name,
      string_agg(quote_ident(a.attname), ', ' order by a.attnum)
        filter (where a.attgenerated = '' and a.attnum > 0 and not a.attisdropped) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    group by c.relname order by c.relname`);
  const sequences = await client.query<{ restore: string }>(`
    select format('select setval(%L, %s, %s);', quote_ident(schemaname) || '.' || quote_ident(sequencename),
      coalesce(last_value, start_value), last_value is not null) as restore
    from pg_sequences where schemaname = 'public'`);
  const copy = (name: string) => quoteIdent(`seed_${name}`);
  await client.exec(
    tables.rows.map(({ name }) => `create temporary table ${copy(name)} as table public.${quoteIdent(name)};`).join(''),
  );
  const names = tables.rows.map(({ name }) => `public.${quoteIdent(name)}`).join(', ');
  return [
    'set session_replication_role = replica;',
    `truncate ${names} restart identity;`,
    ...tables.rows.map(
      ({ name, columns }) =>
        `insert into public.${quoteIdent(name)} (${columns}) overriding system value select ${columns} from ${copy(name)};`,
    ),
    ...sequences.rows.map(({ restore }) => restore),
    'select pg_advisory_unlock_all();',
    'reset all;',
  ].join('\n');
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The settings of a test app: `env` over what every test app shares. */
const testConfig = (env: Record<string, string>) =>
  loadConfig({
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

/**
 * A second instance of a test app, as a second server behind a load balancer: the same database and settings
 * (`env`, as the first was given, and the first's public address, where the simulators answer), its own memory
 * (caches, in-memory counters, job worker). The caller closes it before the first.
 */
export async function anotherInstance(
  first: FastifyInstance,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const publicUrl = first.config.PUBLIC_URL;
  const app = await buildApp({
    config: testConfig({ ...(publicUrl && { PUBLIC_URL: publicUrl }), ...env }),
    db: first.db,
  });
  await app.ready();
  return app;
}

/**
 * Starting PGlite empty runs initdb (about 2 s here) and migrating and seeding takes about 1 s more; loading a
 * dumped folder takes about 0.5 s. So the migrated and seeded database is made once, named by everything it is
 * made from, and every test app starts from a copy: on PGlite a dump kept under .tmp, on PostgreSQL a
 * template database.
 */
const DB_SOURCES = fileURLToPath(new URL('../src/db/', import.meta.url));
const TEMPLATES = fileURLToPath(new URL('../../../.tmp/test-templates/', import.meta.url));
const PGLITE_PACKAGE = fileURLToPath(
  new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
);

function templateName(): string {
  const hash = createHash('sha256');
  const files = readdirSync(DB_SOURCES, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.includes('.test.') && statSync(join(DB_SOURCES, file)).isFile())
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(join(DB_SOURCES, file)));
  hash.update(readFileSync(PGLITE_PACKAGE));
  return hash.digest('hex').slice(0, 16);
}

async function migrateAndSeed(db: Database, kind: 'pglite' | 'postgres', close: () => Promise<void>) {
  await migrateDatabase({ db, kind, close });
  await seedDatabase(db);
}

let pgliteDump: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = join(TEMPLATES, `pglite-${templateName()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
    await migrateAndSeed(drizzle(client, { schema }) as unknown as Database, 'pglite', () => client.close());
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written under a name of its own, then renamed: test files starting at once never read half a file.
    mkdirSync(TEMPLATES, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return pgliteDump;
}

let postgresTemplateName: Promise<string> | undefined;
function postgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplateName ??= (async () => {
    const name = `dpp_template_${templateName()}`;
    const found = await onServer(serverUrl, (client) =>
      client.query('select 1 from pg_database where datname = $1', [name]),
    );
    if (found.rowCount) return name;
    // Built under a name of its own, then renamed: whoever renames first wins, the others drop theirs.
    const building = await createScratchDatabase(serverUrl);
    const database = await openDatabase({ url: building.url, dataDir: 'memory://', poolSize: 1 });
    await migrateAndSeed(database.db, 'postgres', database.close);
    await database.close();
    const renamed = await onServer(serverUrl, (client) =>
      client.query(`alter database "${building.name}" rename to "${name}"`).then(
        () => true,
        () => false,
      ),
    );
    if (!renamed) await building.drop();
    return name;
  })();
  return postgresTemplateName;
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty database on the server (or a copy of `template`), and how to drop it. */
export async function createScratchDatabase(serverUrl: string, template?: string) {
  const name = `dpp_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = (statement: string) => onServer(serverUrl, async (client) => void (await client.query(statement)));
  await admin(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

export const PASSWORD = 'Planner#2026';

/** A card the local card provider accepts (its test number, as Stripe's). */
export const GOOD_CARD = {
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
};

/** Reads the newest link to `path` that the local mailbox holds for an address. */
export async function mailedLink(app: FastifyInstance, to: string, path: '/activate-account/' | '/reset-password/') {
  // Reset links are mailed by a job after the answer: wait until the queued ones have run.
  const pending = (await app.db.execute(
    sql`select id from jobs where kind = 'identity.password-reset-mail' and status in ('queued', 'running')`,
  )) as unknown as { rows: { id: number }[] };
  for (const { id } of pending.rows) {
    await app.jobs.runner.runOnce(id);
    await waitForJob(app.db, id, 60_000, 10);
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

/** A signed-in account with its client record, as the member routes see their caller. */
export async function signedInMember(app: FastifyInstance, email: string) {
  const signedIn = await signedInUser(app, email);
  const { id } = await ensureClient(app.db, email);
  return { ...signedIn, email, clientId: id };
}
