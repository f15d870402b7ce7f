// Throughput and p99 of the cached catalogue reads, against a bare node:http server that returns
// the same bytes with the same headers' essentials, on the same machine in the same run.
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { freePort, startServer } from './server.mjs';

const PATHS = ['/api/project-plans-without-pagination', '/api/plan/get'];
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

function load(url) {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 });
}

async function bareServer(bodies) {
  const port = await freePort();
  const server = createServer((req, res) => {
    const body = bodies.get(req.url);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) };
}

export async function benchApi() {
  const app = await startServer();
  const bodies = new Map();
  for (const path of PATHS) bodies.set(path, Buffer.from(await (await fetch(app.url + path)).arrayBuffer()));
  const bare = await bareServer(bodies);
  const rows = [];
  try {
    for (const path of PATHS) {
      await load(app.url + path); // warm-up: JIT and the catalogue cache
      const ours = await load(app.url + path);
      const base = await load(bare.url + path);
      rows.push({
        path,
        bytes: bodies.get(path).length,
        'app req/s': Math.round(ours.requests.average),
        'app p99 ms': ours.latency.p99,
        'bare req/s': Math.round(base.requests.average),
        'bare p99 ms': base.latency.p99,
        ratio: `${Math.round((ours.requests.average / base.requests.average) * 100)}%`,
        errors: ours.errors + ours.non2xx,
      });
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
