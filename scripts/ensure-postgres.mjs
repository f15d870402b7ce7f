// Makes sure a PostgreSQL server answers for the production-mode suite and prints its URL.
// Order: TEST_DATABASE_URL as given; the local server on 127.0.0.1:5432; start the installed
// cluster; install Debian's postgresql and start it. Idempotent.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const run = (command) => execSync(command, { stdio: ['ignore', 'ignore', 'inherit'] });

function startCluster() {
  if (!existsSync('/etc/postgresql')) return false;
  for (const version of readdirSync('/etc/postgresql')) {
    try {
      run(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
    } catch {
      // Already running, or another cluster is; the probe below decides.
    }
  }
  return true;
}

function install() {
  run('apt-get update -qq');
  run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql');
}

async function ensureTestDatabase(url) {
  const parsed = new URL(url);
  const database = parsed.pathname.slice(1);
  parsed.pathname = '/postgres';
  const client = new pg.Client({ connectionString: parsed.toString() });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
}

export async function ensurePostgres() {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  if (await answers(url)) return url;
  if (!existsSync('/etc/postgresql')) install();
  startCluster();
  for (let i = 0; i < 20 && !(await answers(url.replace(/\/[^/]*$/, '/postgres'))); i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await ensureTestDatabase(url);
  if (!(await answers(url))) throw new Error(`PostgreSQL does not answer at ${url}`);
  return url;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await ensurePostgres());
}
