// Throughput and p99 of the cached catalogue reads through the app, against a bare node:http server that sends
// the very same answer (status, headers and body as the app sent them), each in a process of its own, on the
// same machine in the same run. App and bare server take turns, round after round, so a machine that gets
// busier or quieter during the run weighs on both alike; the median round of each is reported. Beside the
// requests per second, the CPU time each server spent per request: on a machine shared with other work,
// throughput follows the share of the cores a process happens to get, while the work per request does not, so
// 'bare/app CPU' is the ratio the two would reach if each had a core to itself.
//
//   BENCH_DURATION_S=8 BENCH_ROUNDS=3 node bench/api.mjs
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { cpuTimeMs, startServer } from './server.mjs';

const PATHS = ['/api/project-plans-without-pagination', '/api/plan/get'];
const ENCODINGS = ['identity', 'gzip'];
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_S = 3;
/** The goal: requests per second as a share of the bare server's, and p99 latency. */
const GOAL = { ratio: 0.8, p99Ms: 10 };
/** Headers that differ per answer or that node writes itself. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive']);

function load(url, encoding, duration = DURATION_S) {
  return autocannon({ url, connections: CONNECTIONS, duration, headers: { 'accept-encoding': encoding } });
}

/** A measured load, with the CPU time the server spent on each request (µs). */
async function measuredLoad(server, path, encoding) {
  const cpuBefore = cpuTimeMs(server.pid);
  const result = await load(server.url + path, encoding);
  return { ...result, cpuPerRequestUs: ((cpuTimeMs(server.pid) - cpuBefore) * 1000) / result.requests.total };
}

/** The app's answer as sent: node:http keeps the bytes as they came (no decompression). */
function recordAnswer(url, encoding) {
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

async function startBareServer(answers) {
  const dir = mkdtempSync(join(tmpdir(), 'dpp-bare-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, [new URL('./bare-server.mjs', import.meta.url).pathname, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percent = (ratio) => `${Math.round(ratio * 100)}%`;

export async function benchApi() {
  const app = await startServer();
  const answers = {};
  for (const path of PATHS) {
    for (const encoding of ENCODINGS) answers[`${encoding} ${path}`] = await recordAnswer(app.url + path, encoding);
  }
  const bare = await startBareServer(answers);
  const rows = [];
  try {
    for (const path of PATHS) {
      for (const encoding of ENCODINGS) {
        // Warm-up: JIT and the catalogue cache of the app, JIT of the bare server.
        await load(app.url + path, encoding, WARM_UP_S);
        await load(bare.url + path, encoding, WARM_UP_S);
        const ours = [];
        const base = [];
        for (let round = 0; round < ROUNDS; round++) {
          ours.push(await measuredLoad(app, path, encoding));
          base.push(await measuredLoad(bare, path, encoding));
        }
        const appRps = median(ours.map((r) => r.requests.average));
        const appP99 = median(ours.map((r) => r.latency.p99));
        const bareRps = median(base.map((r) => r.requests.average));
        const bareP99 = median(base.map((r) => r.latency.p99));
        const ratio = appRps / bareRps;
        const appCpu = median(ours.map((r) => r.cpuPerRequestUs));
        const bareCpu = median(base.map((r) => r.cpuPerRequestUs));
        rows.push({
          path,
          encoding,
          bytes: Buffer.from(answers[`${encoding} ${path}`].body, 'base64').length,
          'app req/s': Math.round(appRps),
          'app p99 ms': appP99,
          'bare req/s': Math.round(bareRps),
          'bare p99 ms': bareP99,
          'req/s vs bare': percent(ratio),
          'p99 vs bare': percent(appP99 / bareP99),
          'app CPU µs/req': Math.round(appCpu),
          'bare CPU µs/req': Math.round(bareCpu),
          'bare/app CPU': percent(bareCpu / appCpu),
          goal: ratio >= GOAL.ratio && appP99 < GOAL.p99Ms ? 'met' : 'NOT met',
          errors: ours.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
        });
      }
    }
  } finally {
    await bare.stop();
    await app.stop();
  }
  console.log(
    `\nCached API reads, ${CONNECTIONS} connections, ${DURATION_S} s each, median of ${ROUNDS} alternating rounds ` +
      `(goal: >= ${percent(GOAL.ratio)} of bare node:http req/s and p99 < ${GOAL.p99Ms} ms)`,
  );
  console.table(rows);
  if (rows.some((row) => row.goal !== 'met' || row.errors > 0)) process.exitCode = 1;
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
