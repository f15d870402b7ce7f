// Where a cached read spends its time, in the app and in the bare node:http server that sends the same answer
// (bench/bare-server.mjs): both run under V8's sampling profiler (`node --cpu-prof`) and take turns under the
// same autocannon load, then each profile's self time is summed by part of the hot path and divided by the
// requests served, so the two columns say in µs per request what the app does that bare node does not. The
// .cpuprofile files are kept: Chrome DevTools (Performance, "Load profile") draws them as flame charts.
//
//   node bench/profile.mjs [path] [seconds] [accept-encoding]     (defaults: /api/plan/get, 8, identity)
//   PROFILE_FUNCTIONS=30 node bench/profile.mjs                      also the 30 costliest functions of each
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { recordAnswer, SERVER_ENTRY, startBareServer, startServer } from './server.mjs';

/** Parts of the hot path, by where the sampled code lives (first match wins). */
const PARTS = [
  [
    'logging (pino)',
    /node_modules\/(pino|sonic-boom|thread-stream|pino-std-serializers|@pinojs\/redact)\/|src\/lib\/request-logger/,
  ],
  ['metrics (prom-client)', /node_modules\/prom-client\//],
  ['rate limit', /node_modules\/@fastify\/rate-limit\/|src\/lib\/rate-limit/],
  ['security headers', /src\/plugins\/security-headers/],
  ['input-text check', /src\/plugins\/input-text|packages\/shared\/src\/rules\/text/],
  ['audit hook', /src\/modules\/audit\//],
  ['auth', /src\/plugins\/auth|src\/modules\/identity\//],
  ['cached body (ETag, encoding)', /src\/lib\/cached-json/],
  ['fast lane (below Fastify)', /src\/lib\/fast-reads/],
  ['app hooks and access log (app.ts)', /src\/app\.ts/],
  ['fastify core', /node_modules\/(fastify|find-my-way|avvio|light-my-request|fast-json-stringify|@fastify\/)/],
  ['node http, net, streams', /^node:/],
  ["the bare server's handler", /bench\/bare-server\.mjs/],
];

const NATIVE_IO = new Set(['writev', 'writeBuffer', 'writeString', 'writeUtf8String', 'writeLatin1String', 'concat']);

/** Maps a position in the bundle back to its source file, so our own code is told apart by module. */
function sourceOf(map, url, line, column) {
  if (!url.endsWith('/dist/main.js')) return url;
  return map.findEntry(line, column)?.originalSource ?? url;
}

function partOf(name, source) {
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === '(idle)') return 'idle';
  if (name === '(program)') return 'V8 and native (program)';
  for (const [part, pattern] of PARTS) if (pattern.test(source)) return part;
  // Native functions carry no file: the socket writes and buffer copies of node's http.
  if (source === '') return NATIVE_IO.has(name) ? 'node http, net, streams' : `native: ${name}`;
  return source.includes('node_modules')
    ? `other: ${source.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')}`
    : 'other';
}

/** Microseconds on the monotonic clock V8's profiler stamps its samples with (the same on Linux). */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Self time (ms) per part and per function within [from, to] (monotonic µs). */
export function summarise(profile, map, from, to) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parts = new Map();
  const functions = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) return;
    const { callFrame } = nodes.get(id);
    const source = sourceOf(map, callFrame.url, callFrame.lineNumber, callFrame.columnNumber);
    const part = partOf(callFrame.functionName, source);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    parts.set(part, (parts.get(part) ?? 0) + ms);
    const fn = `${part}: ${callFrame.functionName || '(anonymous)'} ${source.replace(/.*(node_modules|src)\//, '')}:${callFrame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + ms);
  });
  return { parts, functions };
}

/** A server under the profiler, loaded for `seconds` after a warm-up: its profile's window and requests. */
async function loadProfiled(server, path, encoding, seconds) {
  const options = { connections: 100, headers: { 'accept-encoding': encoding } };
  await autocannon({ url: server.url + path, duration: 2, ...options }); // warm-up: JIT and the cache
  const from = monotonicMicros();
  const result = await autocannon({ url: server.url + path, duration: seconds, ...options });
  return { from, to: monotonicMicros(), result };
}

function readProfile(dir) {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  return { file: join(dir, file), profile: JSON.parse(readFileSync(join(dir, file), 'utf8')) };
}

const perRequest = (ms, requests) => (ms * 1000) / requests;

export async function profileRead(path = '/api/plan/get', seconds = 8, encoding = 'identity') {
  const appDir = mkdtempSync(join(tmpdir(), 'dpp-profile-app-'));
  const bareDir = mkdtempSync(join(tmpdir(), 'dpp-profile-bare-'));
  const app = await startServer({}, ['--cpu-prof', `--cpu-prof-dir=${appDir}`]);
  let bare;
  let appRun;
  let bareRun;
  try {
    bare = await startBareServer({ [`${encoding} ${path}`]: await recordAnswer(app.url + path, encoding) }, [
      '--cpu-prof',
      `--cpu-prof-dir=${bareDir}`,
    ]);
    appRun = await loadProfiled(app, path, encoding, seconds);
    bareRun = await loadProfiled(bare, path, encoding, seconds);
  } finally {
    await bare?.stop();
    await app.stop();
  }
  const map = new SourceMap(JSON.parse(readFileSync(`${SERVER_ENTRY}.map`, 'utf8')));
  const appProfile = readProfile(appDir);
  const bareProfile = readProfile(bareDir);
  const ours = summarise(appProfile.profile, map, appRun.from, appRun.to);
  const base = summarise(bareProfile.profile, map, bareRun.from, bareRun.to);
  const appRequests = appRun.result.requests.total;
  const bareRequests = bareRun.result.requests.total;
  if (process.env.PROFILE_FUNCTIONS) {
    for (const [name, { functions }, requests] of [
      ['app', ours, appRequests],
      ['bare', base, bareRequests],
    ]) {
      const top = [...functions]
        .filter(([fn]) => !fn.startsWith('idle'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.PROFILE_FUNCTIONS));
      console.log(`\n${name}: costliest functions (self time)`);
      console.table(
        top.map(([fn, ms]) => ({ function: fn.slice(0, 110), 'µs/req': perRequest(ms, requests).toFixed(2) })),
      );
    }
  }
  const busy = (parts) => [...parts].filter(([part]) => part !== 'idle').reduce((sum, [, ms]) => sum + ms, 0);
  const rows = [...new Set([...ours.parts.keys(), ...base.parts.keys()])]
    .filter((part) => part !== 'idle')
    .map((part) => ({
      part,
      'app µs/req': perRequest(ours.parts.get(part) ?? 0, appRequests),
      'bare µs/req': perRequest(base.parts.get(part) ?? 0, bareRequests),
    }))
    .sort((a, b) => b['app µs/req'] - a['app µs/req']);
  rows.push({
    part: 'busy (all but idle)',
    'app µs/req': perRequest(busy(ours.parts), appRequests),
    'bare µs/req': perRequest(busy(base.parts), bareRequests),
  });
  console.log(
    `\n${path} (${encoding}), ${seconds} s each under the profiler: app ${Math.round(appRun.result.requests.average)} ` +
      `req/s (${appRequests} requests), bare ${Math.round(bareRun.result.requests.average)} req/s ` +
      `(${bareRequests}); self time per request by part.\nProfiles: ${appProfile.file} and ${bareProfile.file}`,
  );
  console.table(
    rows.map((row) => ({
      part: row.part,
      'app µs/req': row['app µs/req'].toFixed(2),
      'bare µs/req': row['bare µs/req'].toFixed(2),
      'app − bare': (row['app µs/req'] - row['bare µs/req']).toFixed(2),
    })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`)
  await profileRead(process.argv[2], Number(process.argv[3] ?? 8), process.argv[4]);
