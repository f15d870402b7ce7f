// Throughput and p99 of the cached catalogue reads, against a bare node:http server that returns
// the same bytes with the same headers' essentials, on the same machine in the same run.
import { createServer, get } from 'node:http';
import autocannon from 'autocannon';
import { freePort, startServer } from './server.mjs';

const PATHS = ['/api/project-plans-without-pagination', '/api/plan/get'];
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

const ENCODINGS = ['identity', 'gzip'];

function load(url, encoding) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'accept-encoding': encoding },
  });
}

async function bareServer(bodies) {
  const port = await freePort();
  const server = createServer((req, res) => {
    const encoding = req.headers['accept-encoding'] === 'gzip' ? 'gzip' : 'identity';
    const body = bodies.get(`${encoding} ${req.url}`);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
    if (encoding === 'gzip') headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) };
}

function rawGet(url, encoding) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

export async function benchApi() {
  const app = await startServer();
  const bodies = new Map();
  for (const path of PATHS) {
    for (const encoding of ENCODINGS) {
      // node:http keeps the bytes as sent: no decompression, so the bare server returns exactly these.
      const body = await rawGet(app.url + path, encoding);
      bodies.set(`${encoding} ${path}`, body);
    }
  }
  const bare = await bareServer(bodies);
  const rows = [];
  try {
    for (const path of PATHS) {
      for (const encoding of ENCODINGS) {
        await load(app.url + path, encoding); // warm-up: JIT and the catalogue cache
        const ours = await load(app.url + path, encoding);
        const base = await load(bare.url + path, encoding);
        rows.push({
          path,
          encoding,
          bytes: bodies.get(`${encoding} ${path}`).length,
          'app req/s': Math.round(ours.requests.average),
          'app p99 ms': ours.latency.p99,
          'bare req/s': Math.round(base.requests.average),
          'bare p99 ms': base.latency.p99,
          ratio: `${Math.round((ours.requests.average / base.requests.average) * 100)}%`,
          errors: ours.errors + ours.non2xx,
        });
      }
    }
  } finally {
    await bare.stop();
    await app.stop();
  }
  console.log(
    `\nCached API reads, ${CONNECTIONS} connections, ${DURATION_S} s each (goal: >= 50% of bare, p99 < 20 ms)`,
  );
  console.table(rows);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
