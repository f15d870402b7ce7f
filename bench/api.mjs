// The cost of a cached catalogue read in the app, against a bare node:http server that sends the very same
// answer (status, headers and body as the app sent them), each in a process of its own, on the same machine in
// the same run. The goal is judged on the CPU time each server spends per request (from /proc): on a machine
// shared with other work, throughput and latency follow the share of the cores a process happens to get, while
// the work per request does not. App and bare server take turns, round after round (app, bare, app, …), so a
// machine that gets busier or quieter during the run weighs on both alike; the median round of each is kept and
// the spread of the rounds printed. Requests per second and p99 are shown beside it, as information.
//
//   node bench/api.mjs                 BENCH_DURATION_S=8 BENCH_ROUNDS=5 by default
//   node scripts/under-load.mjs node bench/api.mjs      the same with a CPU hog on every core
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { cpuTimeMs, recordAnswer, startBareServer, startServer } from './server.mjs';

const PATHS = ['/api/project-plans-without-pagination', '/api/plan/get'];
const ENCODINGS = ['identity', 'gzip'];
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARM_UP_S = 3;
/** The goal: the app's CPU time per request at most this many times the bare server's (0.8 of its efficiency). */
const GOAL_CPU_RATIO = 1.25;

function load(url, encoding, duration = DURATION_S) {
  return autocannon({ url, connections: CONNECTIONS, duration, headers: { 'accept-encoding': encoding } });
}

/** A measured load, with the CPU time the server spent on each request (µs). */
async function measuredLoad(server, path, encoding) {
  const cpuBefore = cpuTimeMs(server.pid);
  const result = await load(server.url + path, encoding);
  return { ...result, cpuPerRequestUs: ((cpuTimeMs(server.pid) - cpuBefore) * 1000) / result.requests.total };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
const load1 = () => loadavg()[0].toFixed(1);

export async function benchApi() {
  const loadBefore = load1();
  const app = await startServer();
  const answers = {};
  for (const path of PATHS) {
    for (const encoding of ENCODINGS) answers[`${encoding} ${path}`] = await recordAnswer(app.url + path, encoding);
  }
  const bare = await startBareServer(answers);
  const rows = [];
  const verdicts = [];
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
        const appCpu = ours.map((r) => r.cpuPerRequestUs);
        const bareCpu = base.map((r) => r.cpuPerRequestUs);
        const ratio = median(appCpu) / median(bareCpu);
        const errors = [...ours, ...base].reduce((sum, r) => sum + r.errors + r.non2xx, 0);
        const met = ratio <= GOAL_CPU_RATIO && errors === 0;
        verdicts.push(
          `${met ? 'PASS' : 'FAIL'}  ${path} (${encoding}): app ${median(appCpu).toFixed(1)} µs/req, ` +
            `bare ${median(bareCpu).toFixed(1)} µs/req: ${ratio.toFixed(2)}× bare ` +
            `(goal <= ${GOAL_CPU_RATIO}×, i.e. <= ${(median(bareCpu) * GOAL_CPU_RATIO).toFixed(1)} µs)` +
            (errors > 0 ? `; ${errors} errors or non-2xx answers` : ''),
        );
        rows.push({
          path,
          encoding,
          bytes: Buffer.from(answers[`${encoding} ${path}`].body, 'base64').length,
          'app CPU µs/req': Math.round(median(appCpu)),
          'app spread': spread(appCpu),
          'bare CPU µs/req': Math.round(median(bareCpu)),
          'bare spread': spread(bareCpu),
          'app/bare CPU': ratio.toFixed(2),
          goal: met ? 'met' : 'NOT met',
          'app req/s': Math.round(median(ours.map((r) => r.requests.average))),
          'bare req/s': Math.round(median(base.map((r) => r.requests.average))),
          'app p99 ms': median(ours.map((r) => r.latency.p99)),
          'bare p99 ms': median(base.map((r) => r.latency.p99)),
          errors,
        });
      }
    }
  } finally {
    await bare.stop();
    await app.stop();
  }
  console.log(
    `\nCached API reads, ${CONNECTIONS} connections, ${DURATION_S} s each, median of ${ROUNDS} alternating rounds ` +
      `(spread: lowest–highest round); load average ${loadBefore} before, ${load1()} after. ` +
      `Goal: app CPU µs/req <= ${GOAL_CPU_RATIO} × bare node:http's. req/s and p99 are information only.`,
  );
  console.table(rows);
  console.log(verdicts.join('\n'));
  if (rows.some((row) => row.goal !== 'met')) process.exitCode = 1;
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
