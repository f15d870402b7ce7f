// The cost of a cached catalogue read in the app, against a bare node:http server that sends the very same
// answer (status, headers and body as the app sent them), each in a process of its own, on the same machine in
// the same run. The goal is judged on the CPU time each server spends per request (user + system, all its
// threads, from /proc, taken around each measured round and never around a warm-up): on a machine shared with
// other work, throughput and latency follow the share of the cores a process happens to get, while the work per
// request does not. App and bare server take turns, round after round (app, bare, app, …), so a machine that
// gets busier or quieter during the run weighs on both alike. Per read: the median round of each, their ratio
// (the goal: app at most 1.25 × bare), and the spread of that ratio (lowest–highest of the rounds' own ratios,
// each round of the app against the bare round right after it). Requests per second and p99 are shown beside
// it, as information.
//
//   node bench/api.mjs [--rounds 5] [--duration 8] [--only plan/get] [--min-requests 10000]
//   node scripts/under-load.mjs node bench/api.mjs      the same with a CPU hog on every core
//
// BENCH_ROUNDS and BENCH_DURATION_S still set the defaults of --rounds and --duration.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuTimeMs, recordAnswer, startBareServer, startServer } from './server.mjs';

const PATHS = ['/api/project-plans-without-pagination', '/api/plan/get'];
const ENCODINGS = ['identity', 'gzip'];
const CONNECTIONS = 100;
const WARM_UP_S = 3;
/** The goal: the app's CPU time per request at most this many times the bare server's (0.8 of its efficiency). */
export const GOAL_CPU_RATIO = 1.25;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * The verdict on one read from its rounds' CPU µs per request (app and bare, in the order they ran): the ratio
 * of the medians against the goal, and the spread of the rounds' own ratios.
 */
export function cpuVerdict(appUs, bareUs, goal = GOAL_CPU_RATIO) {
  const app = median(appUs);
  const bare = median(bareUs);
  const ratio = app / bare;
  const rounds = appUs.map((us, i) => us / bareUs[i]);
  return { app, bare, ratio, lowest: Math.min(...rounds), highest: Math.max(...rounds), pass: ratio <= goal };
}

function options() {
  const { values } = parseArgs({
    // `node bench/run.mjs api` passes its own argument along.
    allowPositionals: true,
    options: {
      rounds: { type: 'string', default: process.env.BENCH_ROUNDS ?? '5' },
      duration: { type: 'string', default: process.env.BENCH_DURATION_S ?? '8' },
      only: { type: 'string' },
      'min-requests': { type: 'string', default: '10000' },
    },
  });
  const rounds = Number(values.rounds);
  const duration = Number(values.duration);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds: a whole number of at least 1');
  if (!(duration > 0)) throw new Error('--duration: seconds, more than 0');
  return { rounds, duration, only: values.only, minRequests: Number(values['min-requests']) };
}

function load(url, encoding, duration) {
  return autocannon({ url, connections: CONNECTIONS, duration, headers: { 'accept-encoding': encoding } });
}

/** A measured load, with the CPU time the server spent on each request (µs). */
async function measuredLoad(server, path, encoding, duration) {
  const cpuBefore = cpuTimeMs(server.pid);
  const result = await load(server.url + path, encoding, duration);
  return { ...result, cpuPerRequestUs: ((cpuTimeMs(server.pid) - cpuBefore) * 1000) / result.requests.total };
}

const load1 = () => loadavg()[0].toFixed(1);

export async function benchApi({ rounds, duration, only, minRequests } = options()) {
  const reads = PATHS.filter((path) => !only || path.includes(only)).flatMap((path) =>
    ENCODINGS.map((encoding) => ({ path, encoding })),
  );
  const loadBefore = load1();
  const appServer = await startServer();
  const answers = {};
  for (const { path, encoding } of reads)
    answers[`${encoding} ${path}`] = await recordAnswer(appServer.url + path, encoding);
  const bare = await startBareServer(answers);
  const rows = [];
  const verdicts = [];
  try {
    for (const { path, encoding } of reads) {
      // Warm-up, not measured: JIT and the catalogue cache of the app, JIT of the bare server.
      await load(appServer.url + path, encoding, WARM_UP_S);
      await load(bare.url + path, encoding, WARM_UP_S);
      const ours = [];
      const base = [];
      let setAside = 0;
      // A pair of rounds counts when both servers answered every request, and enough of them for the CPU time to
      // be that of answering: on a machine too busy to give a process any time, a round of a few hundred answers
      // measures timers, connections and the app's background work (the job poller's query each second), and
      // such a pair is run again. At most three times the rounds are tried.
      for (let tried = 0; ours.length < rounds && tried < rounds * 3; tried++) {
        const app = await measuredLoad(appServer, path, encoding, duration);
        const ref = await measuredLoad(bare, path, encoding, duration);
        const usable = [app, ref].every(
          (r) => r.errors + r.timeouts + r.non2xx === 0 && r.requests.total >= minRequests,
        );
        console.error(
          `${path} (${encoding}) ${usable ? `round ${ours.length + 1}/${rounds}` : 'set aside'}: ` +
            `app ${app.cpuPerRequestUs.toFixed(1)} µs/req (${app.requests.total} requests), ` +
            `bare ${ref.cpuPerRequestUs.toFixed(1)} µs/req (${ref.requests.total}); load average ${load1()}`,
        );
        if (usable) {
          ours.push(app);
          base.push(ref);
        } else setAside += 1;
      }
      if (ours.length < rounds) {
        verdicts.push(`NONE  ${path} (${encoding}): ${ours.length} usable pairs of ${rounds}, ${setAside} set aside`);
        rows.push({ path, encoding, goal: 'NONE', 'set aside': setAside });
        continue;
      }
      const cpu = cpuVerdict(
        ours.map((r) => r.cpuPerRequestUs),
        base.map((r) => r.cpuPerRequestUs),
      );
      const pass = cpu.pass;
      verdicts.push(
        `${pass ? 'PASS' : 'MISS'}  ${path} (${encoding}): app ${cpu.app.toFixed(1)} µs/req, bare ` +
          `${cpu.bare.toFixed(1)} µs/req: ${cpu.ratio.toFixed(2)} × bare, rounds ${cpu.lowest.toFixed(2)}–` +
          `${cpu.highest.toFixed(2)} (goal <= ${GOAL_CPU_RATIO} ×, i.e. <= ${(cpu.bare * GOAL_CPU_RATIO).toFixed(1)} µs)` +
          (setAside > 0 ? `; ${setAside} pairs set aside` : ''),
      );
      rows.push({
        path,
        encoding,
        bytes: Buffer.from(answers[`${encoding} ${path}`].body, 'base64').length,
        'app µs/req': cpu.app.toFixed(1),
        'bare µs/req': cpu.bare.toFixed(1),
        'app/bare': cpu.ratio.toFixed(2),
        'app/bare spread': `${cpu.lowest.toFixed(2)}–${cpu.highest.toFixed(2)}`,
        goal: pass ? 'PASS' : 'MISS',
        'app req/s': Math.round(median(ours.map((r) => r.requests.average))),
        'bare req/s': Math.round(median(base.map((r) => r.requests.average))),
        'app p99 ms': median(ours.map((r) => r.latency.p99)),
        'bare p99 ms': median(base.map((r) => r.latency.p99)),
        'set aside': setAside,
      });
    }
  } finally {
    await bare.stop();
    await appServer.stop();
  }
  console.log(
    `\nCached API reads, ${CONNECTIONS} connections, ${duration} s each, median of ${rounds} alternating rounds ` +
      `(app, bare, app, …; spread: lowest–highest of the rounds' own app/bare ratios); load average ${loadBefore} ` +
      `before, ${load1()} after. Goal: app CPU µs/req <= ${GOAL_CPU_RATIO} × bare node:http's. ` +
      'req/s and p99 are information only.',
  );
  console.table(rows);
  console.log(verdicts.join('\n'));
  if (rows.some((row) => row.goal !== 'PASS')) process.exitCode = 1;
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
