// `npx tsx bench/heavy-load.ts` (or `npm run bench heavy`): one member must never stall everyone (ADR 0040).
// BENCH_MEMBERS members (50) at once each ask for "Download my data" (and download it), ask for BENCH_DOWNLOADS
// (3) Word files of a large copy (at the bounds of a plan) and press Refresh BENCH_REFRESHES (3) times, while
// a probe asks for /healthz and a cached read (/api/plan/get) every 100 ms each. Reports the probes' latency
// (p50, p99, worst), the server's memory (RSS, threads included) at rest and at its peak, and per route how many
// calls were accepted, refused by a budget (429, or 503 with Retry-After) or failed (anything else).
// Goal: probes' p99 under 100 ms and no call failed.
//
// The production build runs on a scratch PostgreSQL database (BENCH_DATABASE_URL), so that the bench can give
// each copy a sending to refresh. BENCH_SERVER=/other/checkout/apps/server/dist/main.js measures another build.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { largePlan } from '../apps/server/test/large-plans';
// @ts-expect-error: a plain .mjs module of the bench, without types.
import { scratchDatabase, startServer } from './server.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const DOWNLOADS = Number(process.env.BENCH_DOWNLOADS ?? 3);
const REFRESHES = Number(process.env.BENCH_REFRESHES ?? 3);
const PROBE_EVERY_MS = 100;
const PROBES = ['/healthz', '/api/plan/get'];
const GOAL_P99_MS = 100;
const PASSWORD = 'Planner#2026';
const FREE_TEMPLATE = 'project-planning-made-easy-with-5-simple-principles';
/** The heaviest copy a member may keep (MY_PLAN_LIMITS: 300 tasks, 1,000 subtasks), every text filled. */
const LARGE_COPY = largePlan(300, 3);

type Outcome = 'accepted' | 'refused' | 'failed';
const outcomes = new Map<string, Record<Outcome, number>>();
const failures: string[] = [];

function count(route: string, outcome: Outcome, detail = '') {
  const row = outcomes.get(route) ?? { accepted: 0, refused: 0, failed: 0 };
  row[outcome] += 1;
  outcomes.set(route, row);
  if (outcome === 'failed' && failures.length < 20) failures.push(`${route}: ${detail}`);
}

/** A budget's refusal: 429, or a busy server's 503, each saying when to come back. */
const refusal = (res: Response) => (res.status === 429 || res.status === 503) && res.headers.has('retry-after');

async function call(route: string, url: string, init: RequestInit = {}): Promise<Response | null> {
  try {
    const res = await fetch(url, init);
    if (res.ok) count(route, 'accepted');
    else if (refusal(res)) count(route, 'refused');
    else count(route, 'failed', `${res.status} ${(await res.clone().text()).slice(0, 200)}`);
    return res;
  } catch (error) {
    count(route, 'failed', String(error));
    return null;
  }
}

const json = (body: unknown, token?: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
  body: JSON.stringify(body),
});

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, json(body, token));
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A confirmed member, signed in, with a large copy that has a sending to refresh. */
async function member(base: string, db: pg.Client, n: number, templateId: number) {
  const email = `heavy${n}.${Date.now()}@example.com`;
  const signUp = await post(`${base}/api/identity/sign-up`, { email, password: PASSWORD });
  const mail = await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const link: string = mail[0].links.find((l: string) => l.includes('/activate-account/'));
  const [code, username] = new URL(link).pathname.split('/').slice(2);
  await post(`${base}/api/identity/confirm-sign-up`, { username, code, sign_up_proof: signUp.sign_up_proof });
  const { access_token: token } = await post(`${base}/api/identity/sign-in`, { email, password: PASSWORD });
  const auth = { authorization: `Bearer ${token}` };
  const copy = await post(`${base}/api/my-plans`, { source: 'template', templateId, start_date: '2027-01-04' }, token);
  const saved = await fetch(`${base}/api/my-plans/${copy.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ version: copy.version, name: 'A large plan', plan: LARGE_COPY }),
  });
  if (!saved.ok) throw new Error(`saving the large copy: ${saved.status} ${await saved.text()}`);
  // As if sent to ClickUp: a Refresh then reads it back (there is no connection, so the read fails quickly).
  await db.query(
    `insert into member_plan_sends (member_plan_id, client_id, tool, project_id, sent_at, tasks, next_read_at)
     select id, client_id, 'clickup', 'bench-project', now(), '[]'::jsonb, now() + interval '1 day'
     from member_plans where id = $1`,
    [copy.id],
  );
  return { token, auth, copyId: copy.id as number };
}

/** Asks for the archive, follows it and downloads it once, as the web page does. */
async function exportFlow(base: string, auth: Record<string, string>) {
  const started = await call('POST /api/my-data/exports', `${base}/api/my-data/exports`, {
    method: 'POST',
    headers: auth,
  });
  if (!started?.ok) return;
  const { export_id, token } = await started.json();
  for (;;) {
    const status = await call('GET /api/my-data/exports/:id', `${base}/api/my-data/exports/${export_id}`, {
      headers: auth,
    });
    if (!status?.ok) return;
    const body = await status.json();
    if (body.state === 'failed') return count('archive job', 'failed', 'the archive job failed');
    if (body.ready) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  count('archive job', 'accepted');
  const file = await call('GET /api/my-data/exports/:id/archive', `${base}/api/my-data/exports/${export_id}/archive`, {
    headers: { ...auth, 'x-download-token': token },
  });
  await file?.arrayBuffer();
}

/** The server's own event-loop lag since the last scrape (prom-client resets its histogram at each one), in ms. */
async function loopLag(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) =>
    Math.round(Number(text.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1] ?? NaN) * 1000);
  return { p99: value('nodejs_eventloop_lag_p99_seconds'), max: value('nodejs_eventloop_lag_max_seconds') };
}

/** Probes each path every PROBE_EVERY_MS until stopped: each answer's latency, in ms. */
function probe(base: string) {
  let running = true;
  const latencies: Record<string, number[]> = Object.fromEntries(PROBES.map((p) => [p, []]));
  const loops = PROBES.map(async (path) => {
    while (running) {
      const started = performance.now();
      const res = await call(`probe ${path}`, base + path);
      await res?.arrayBuffer();
      latencies[path]!.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, Math.max(0, PROBE_EVERY_MS - (performance.now() - started))));
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    return PROBES.map((path) => {
      const sorted = [...latencies[path]!].sort((a, b) => a - b);
      return {
        probe: path,
        count: sorted.length,
        'p50 ms': Math.round(percentile(sorted, 0.5)),
        'p99 ms': Math.round(percentile(sorted, 0.99)),
        'worst ms': Math.round(sorted.at(-1) ?? 0),
        'over 100 ms': sorted.filter((ms) => ms > GOAL_P99_MS).length,
      };
    });
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

/** Resident memory of the process, its threads included (Linux). */
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
};

const database = await scratchDatabase('dpp_bench_heavy');
const server = await startServer(
  {
    // The sandbox mailbox confirms the accounts; it exists outside production mode only.
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    WEB_DIST_DIR: '/nonexistent',
    IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
    // No background schedule of its own during the run: only what the members ask for.
    PROGRESS_READ_INTERVAL_MINUTES: '0',
    // BENCH_NODE_OPTIONS: flags for the server's node (--cpu-prof, say).
  },
  (process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const catalogue = await (await fetch(`${server.url}/api/project-plans-without-pagination`)).json();
  const list = (Array.isArray(catalogue) ? catalogue : (catalogue.data ?? catalogue.plans ?? [])) as {
    id: number;
    slug: string;
  }[];
  const templateId = list.find((p) => p.slug === FREE_TEMPLATE)?.id;
  if (!templateId) throw new Error('the free template is not in the catalogue');
  console.log(`setting up ${MEMBERS} members with a large copy each…`);
  const members = [];
  for (let n = 0; n < MEMBERS; n += 1) members.push(await member(server.url, db, n, templateId));

  // The same probes with nothing else to do: what this machine gives at rest, to read the rest against.
  const stopRest = probe(server.url);
  await new Promise((r) => setTimeout(r, 10_000));
  const restRows = await stopRest();
  const restMb = rssMb(server.pid);
  let peakMb = restMb;
  await loopLag(server.url);
  const stopProbes = probe(server.url);
  const memory = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(server.pid));
  }, 100);

  console.log(`${MEMBERS} members at once: an export, ${DOWNLOADS} Word downloads and ${REFRESHES} Refreshes each…`);
  const startedAt = performance.now();
  await Promise.all(
    members.flatMap(({ auth, copyId }) => [
      exportFlow(server.url, auth),
      ...Array.from({ length: DOWNLOADS }, async () => {
        const res = await call(
          'GET /api/my-plans/:id/download',
          `${server.url}/api/my-plans/${copyId}/download?format=docx`,
          { headers: auth },
        );
        await res?.arrayBuffer();
      }),
      ...Array.from({ length: REFRESHES }, async () => {
        const res = await call('POST /api/my-plans/:id/progress', `${server.url}/api/my-plans/${copyId}/progress`, {
          method: 'POST',
          headers: auth,
        });
        await res?.arrayBuffer();
      }),
    ]),
  );
  const seconds = Math.round((performance.now() - startedAt) / 1000);
  const probeRows = await stopProbes();
  clearInterval(memory);
  const lag = await loopLag(server.url);

  console.log(`\n${MEMBERS} members, ${seconds} s of load; ${process.env.BENCH_SERVER ?? 'this checkout'}`);
  console.log('probes at rest, before the load (this machine, nothing else asked of the server):');
  console.table(restRows);
  console.log('probes during the load:');
  console.table(probeRows);
  console.log(`server event-loop lag during the load: p99 ${lag.p99} ms, worst ${lag.max} ms`);
  console.log(`server RSS: ${restMb} MB at rest, ${peakMb} MB at its peak`);
  console.table([...outcomes.entries()].map(([route, row]) => ({ route, ...row })));
  if (failures.length > 0) console.log('first failures:', failures);
  const met = probeRows.every((row) => row['p99 ms'] < GOAL_P99_MS) && failures.length === 0;
  console.log(met ? 'goal met' : 'goal NOT met');
  if (!met) process.exitCode = 1;
} finally {
  await db.end();
  await server.stop();
  await database.drop();
}
