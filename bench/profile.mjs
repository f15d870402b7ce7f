// Where a cached read spends its time: the production server runs under V8's sampling profiler
// (`node --cpu-prof`) while autocannon loads one path, then the profile's self time is summed by part of the
// hot path. The .cpuprofile is kept: Chrome DevTools (Performance, "Load profile") draws it as a flame chart.
//
//   node bench/profile.mjs [path] [seconds]       (defaults: /api/plan/get, 8)
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SERVER_ENTRY, startServer } from './server.mjs';

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

/** Self time per part within [from, to] (monotonic µs), in ms and as a share of the busy (non-idle) time. */
export function summarise(profile, map, from, to) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map();
  const functionMs = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) return;
    const { callFrame } = nodes.get(id);
    const source = sourceOf(map, callFrame.url, callFrame.lineNumber, callFrame.columnNumber);
    const part = partOf(callFrame.functionName, source);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    selfMs.set(part, (selfMs.get(part) ?? 0) + ms);
    const fn = `${part}: ${callFrame.functionName || '(anonymous)'} ${source.replace(/.*(node_modules|src)\//, '')}:${callFrame.lineNumber + 1}`;
    functionMs.set(fn, (functionMs.get(fn) ?? 0) + ms);
  });
  if (process.env.PROFILE_FUNCTIONS) {
    const top = [...functionMs].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_FUNCTIONS));
    console.table(top.map(([fn, ms]) => ({ function: fn.slice(0, 110), ms: Math.round(ms) })));
  }
  const busy = [...selfMs].filter(([part]) => part !== 'idle').reduce((sum, [, ms]) => sum + ms, 0);
  return [...selfMs]
    .sort((a, b) => b[1] - a[1])
    .map(([part, ms]) => ({
      part,
      ms: Math.round(ms),
      'share of busy': part === 'idle' ? '' : `${((ms / busy) * 100).toFixed(1)}%`,
    }));
}

export async function profileRead(path = '/api/plan/get', seconds = 8) {
  const dir = mkdtempSync(join(tmpdir(), 'dpp-profile-'));
  const app = await startServer({}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let result;
  let from;
  let to;
  try {
    await autocannon({ url: app.url + path, connections: 100, duration: 2 }); // warm-up: JIT and the cache
    from = monotonicMicros();
    result = await autocannon({ url: app.url + path, connections: 100, duration: seconds });
    to = monotonicMicros();
  } finally {
    await app.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const map = new SourceMap(JSON.parse(readFileSync(`${SERVER_ENTRY}.map`, 'utf8')));
  console.log(
    `\n${path}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms under the profiler ` +
      `(${result.requests.total} requests; profile ${join(dir, file)})`,
  );
  console.table(summarise(profile, map, from, to));
}

if (import.meta.url === `file://${process.argv[1]}`) await profileRead(process.argv[2], Number(process.argv[3] ?? 8));
