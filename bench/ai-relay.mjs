// Time to first byte of POST /openai, and the relay's overhead over calling the provider directly.
// A local OpenAI-compatible server streams the same reply to both; goal: overhead under 5 ms at p50.
import { createServer } from 'node:http';
import { scratchDatabase, startServer } from './server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP_RUNS = Number(process.env.BENCH_WARMUP_RUNS ?? 100);
const ADMIN_EMAIL = 'bench-admin@example.com';
const ADMIN_PASSWORD = 'Bench#Admin2026';
const CHUNKS = 20;
const CHUNK_DELAY_MS = 5;
const GOAL_OVERHEAD_MS = 5;

/** An OpenAI-compatible chat-completions stream: CHUNKS pieces, CHUNK_DELAY_MS apart. */
function startProvider() {
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const base = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'bench' };
    for (let i = 0; i < CHUNKS; i++) {
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: `word${i} ` }, finish_reason: null }] })}\n\n`,
      );
      await new Promise((r) => setTimeout(r, CHUNK_DELAY_MS));
    }
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 50, completion_tokens: CHUNKS, total_tokens: 50 + CHUNKS } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Milliseconds until the first body bytes that contain `marker`. */
async function ttfb(url, init, marker) {
  const start = performance.now();
  const res = await fetch(url, init);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let first = null;
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (first === null && text.includes(marker)) first = performance.now() - start;
  }
  if (first === null) throw new Error(`no ${marker} in ${text.slice(0, 200)}`);
  return first;
}

const p = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const round = (n) => Math.round(n * 100) / 100;

async function signIn(url) {
  const res = await fetch(`${url}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  return (await res.json()).access_token;
}

const payload = JSON.stringify({
  step: '0',
  industry: 'Real Estate',
  target_audience: 'Luxury condo sales',
  goal_or_problem: 'Team & Hiring — Hiring & recruiting',
  challenges: 'Too much admin',
  outcome_importance: 'Hire an assistant by June',
  solution: 'Action Plan',
});

const directBody = JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: payload }] });

const askDirect = (providerUrl) =>
  ttfb(
    `${providerUrl}/chat/completions`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
      body: directBody,
    },
    '"content"',
  );

const askServer = (server, token) =>
  ttfb(
    `${server.url}/openai`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: payload,
    },
    'event: delta',
  );

/** Direct and relayed requests interleaved, so both see the same machine load; the offline planner aside. */
async function measure(engine, providerUrl, relay, offline) {
  const tokens = { relay: await signIn(relay.url), offline: await signIn(offline.url) };
  // Unmeasured first: a server that has run for a while has its code compiled and its connections open.
  for (let i = 0; i < WARMUP_RUNS; i++) {
    await askDirect(providerUrl);
    await askServer(relay, tokens.relay);
  }
  const direct = [];
  const relayed = [];
  const local = [];
  for (let i = 0; i < RUNS; i++) {
    direct.push(await askDirect(providerUrl));
    relayed.push(await askServer(relay, tokens.relay));
    if (i < 20) local.push(await askServer(offline, tokens.offline));
  }
  const overhead = round(p(relayed, 0.5) - p(direct, 0.5));
  return {
    database: engine,
    runs: RUNS,
    'warm-up runs': WARMUP_RUNS,
    'direct p50 ms': round(p(direct, 0.5)),
    'relay p50 ms': round(p(relayed, 0.5)),
    'overhead p50 ms': overhead,
    'ratio p50': round(p(relayed, 0.5) / p(direct, 0.5)),
    'relay p95 ms': round(p(relayed, 0.95)),
    'offline planner p50 ms': round(p(local, 0.5)),
    'goal met': overhead < GOAL_OVERHEAD_MS ? 'yes' : 'no',
  };
}

/** The relay on the embedded database, then on PostgreSQL (a database of its own for the run). */
export async function benchAiRelay() {
  const provider = await startProvider();
  const providerUrl = `http://127.0.0.1:${provider.address().port}/v1`;
  const common = { LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD };
  const relaying = { ...common, AI_API_KEY: 'bench', AI_BASE_URL: providerUrl, AI_MODEL: 'bench' };
  // The default reading pace: the first word comes one pause after the gate.
  const offline = await startServer({ ...common, AI_OFFLINE_DELAY_MS: '60' });
  const database = await scratchDatabase('bench_ai_relay');
  const rows = [];
  try {
    for (const [engine, env] of [
      ['PGlite', relaying],
      ['PostgreSQL', { ...relaying, DATABASE_URL: database.url }],
    ]) {
      const relay = await startServer(env);
      try {
        rows.push(await measure(engine, providerUrl, relay, offline));
      } finally {
        await relay.stop();
      }
    }
  } finally {
    await offline.stop();
    await database.drop();
    provider.close();
  }
  console.log(`\nPOST /openai time to first byte (goal: relay overhead < ${GOAL_OVERHEAD_MS} ms at p50)`);
  console.table(rows);
  for (const row of rows) {
    const overhead = `${row.database}: the relay adds ${row['overhead p50 ms']} ms at p50`;
    console.log(row['goal met'] === 'yes' ? `Goal met. ${overhead}.` : `Goal NOT met. ${overhead}.`);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAiRelay();
