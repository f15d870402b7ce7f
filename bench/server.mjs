// Starts the production build of the server on a free port with a fresh embedded database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';

/** The PostgreSQL server the benchmarks create their databases on. */
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The server build to run: this checkout's, or another one's (BENCH_SERVER) to compare two versions. */
export const SERVER_ENTRY =
  process.env.BENCH_SERVER ?? new URL('../apps/server/dist/main.js', import.meta.url).pathname;

/** How long a fresh server may take to start: `BENCH_START_TIMEOUT_S` on a machine busier than that allows. */
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_S ?? 180) * 1000;

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** `nodeOptions`: flags for the server's node (a profiler, say). */
export async function startServer(env = {}, nodeOptions = []) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'dpp-bench-'));
  const child = spawn(process.execPath, [...nodeOptions, SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Production mode requires the key that encrypts task-tool tokens; a throwaway one per run.
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // Production refuses to start without it.
      IDENTITY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      STORAGE_SIGNING_SECRET: randomBytes(32).toString('hex'),
      // Production code paths, with the local adapters (no outside service is reachable here).
      PRODUCTION_ALLOW_SANDBOX: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A fresh database is created, migrated and seeded first: minutes on a machine busy with other work.
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers that differ per answer or that node writes itself. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive']);

/** The app's answer as sent: node:http keeps the bytes as they came (no decompression). */
export function recordAnswer(url, encoding) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !NOT_REPLAYED.has(name)));
        resolve({ status: res.statusCode, headers, body: Buffer.concat(chunks).toString('base64') });
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The reference server (bare-server.mjs) in a process of its own, replaying recorded answers, keyed
 * `${accept-encoding} ${path}`. `nodeOptions`: flags for its node (a profiler, say).
 */
export async function startBareServer(answers, nodeOptions = []) {
  const dir = mkdtempSync(join(tmpdir(), 'dpp-bare-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn(
    process.execPath,
    [...nodeOptions, new URL('./bare-server.mjs', import.meta.url).pathname, file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [port] = await once(createInterface({ input: child.stdout }), 'line');
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU time (user and system, ms) a process has used so far, from Linux's /proc (ticks of 10 ms): how much work
 * a load cost the server, whatever share of the machine it got meanwhile.
 */
export function cpuTimeMs(pid) {
  // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name, which may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A new, empty PostgreSQL database for one run: what earlier runs left (credits used, say) never counts. */
export async function scratchDatabase(prefix) {
  const name = `${prefix}_${process.pid}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: POSTGRES });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
