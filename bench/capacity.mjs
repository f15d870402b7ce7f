// The highest load (requests/s) each set-up holds with p99 under 100 ms: one instance on the embedded
// database, two instances on one PostgreSQL (autocannon spreads its connections over both), and a bare
// node:http server answering the same bytes, all in the same run on the same machine.
import { createServer, get } from 'node:http';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { freePort, scratchDatabase, startServer } from './server.mjs';

const P99_LIMIT_MS = 100;
const STEP_S = Number(process.env.BENCH_STEP_S ?? 5);
const CONNECTIONS = 64;
/** The public read paths, as a visitor reads them (no session). */
const READ_PATHS = [
  '/api/project-plans-without-pagination',
  '/api/plan/get',
  '/api/project-plan-categories',
  '/api/project-plans/project-planning-made-easy-with-5-simple-principles',
  '/api/project-plans?page=0&size=10',
];
const ADMIN_EMAIL = 'capacity-admin@example.com';
const ADMIN_PASSWORD = 'Capacity#2026';

function run(urls, rate, extra = {}) {
  return autocannon({
    url: urls,
    connections: Math.min(CONNECTIONS, Math.max(2, Math.ceil(rate / 50))),
    duration: STEP_S,
    overallRate: rate,
    headers: { 'accept-encoding': 'gzip', ...(extra.headers ?? {}) },
    ...extra,
  });
}

/** Doubles the offered rate until p99 passes the limit (or the rate is not achieved), then bisects. */
async function highestRate(urls, start, extra) {
  const holds = async (rate) => {
    const r = await run(urls, rate, extra);
    const achieved = r.requests.average >= rate * 0.9;
    return { ok: achieved && r.latency.p99 < P99_LIMIT_MS && r.non2xx === 0 && r.errors === 0, r };
  };
  let low = 0;
  let best = null;
  let high = start;
  for (;;) {
    const { ok, r } = await holds(high);
    if (!ok) break;
    low = high;
    best = r;
    high *= 2;
  }
  for (let i = 0; i < 3; i++) {
    const mid = Math.round((low + high) / 2);
    const { ok, r } = await holds(mid);
    if (ok) {
      low = mid;
      best = r;
    } else high = mid;
  }
  return { rate: low, p99: best?.latency.p99 ?? null, p50: best?.latency.p50 ?? null };
}

function rawGet(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

async function bareServer(answers) {
  const port = await freePort();
  const server = createServer((req, res) => {
    const answer = answers.get(req.url);
    if (!answer) return res.writeHead(404).end();
    const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': answer.body.length };
    if (answer.encoding) headers['content-encoding'] = answer.encoding;
    res.writeHead(200, headers).end(answer.body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) };
}

const common = {
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  // The per-address limit would answer 429 to a benchmark that signs in from one address.
  IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
};

export async function benchCapacity() {
  const database = await scratchDatabase('bench_capacity');
  const embedded = await startServer(common);
  const shared = { ...common, DATABASE_URL: database.url, DATABASE_POOL_SIZE: '10' };
  const first = await startServer(shared);
  const second = await startServer(shared);
  const answers = new Map();
  for (const path of READ_PATHS) answers.set(path, await rawGet(embedded.url + path));
  const bare = await bareServer(answers);
  const signIn = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  };
  const rows = [];
  try {
    for (const path of READ_PATHS) {
      const bareRate = await highestRate([bare.url + path], 2000);
      for (const [setup, urls] of [
        ['1 instance, PGlite', [embedded.url + path]],
        ['2 instances, PostgreSQL', [first.url + path, second.url + path]],
      ]) {
        await run(urls, 500); // warm-up: JIT and the catalogue cache
        const ours = await highestRate(urls, 1000);
        rows.push({
          path,
          setup,
          'req/s at p99<100ms': ours.rate,
          'p99 ms': ours.p99,
          'bare req/s': bareRate.rate,
          'share of bare': `${Math.round((ours.rate / bareRate.rate) * 100)}%`,
        });
      }
    }
    for (const [setup, urls] of [
      ['1 instance, PGlite', [`${embedded.url}/api/identity/sign-in`]],
      ['2 instances, PostgreSQL', [`${first.url}/api/identity/sign-in`, `${second.url}/api/identity/sign-in`]],
    ]) {
      const ours = await highestRate(urls, 10, signIn);
      rows.push({ path: 'POST /api/identity/sign-in', setup, 'req/s at p99<100ms': ours.rate, 'p99 ms': ours.p99 });
    }
  } finally {
    await Promise.all([embedded.stop(), first.stop(), second.stop(), bare.stop()]);
    await database.drop();
  }
  const load = loadavg().map((l) => l.toFixed(2));
  console.log(
    `\nHighest load held with p99 under ${P99_LIMIT_MS} ms (steps of ${STEP_S} s, gzip; load average ${load.join(' ')})`,
  );
  console.table(rows);
}
