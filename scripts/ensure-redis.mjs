// Makes sure a Redis server answers for the rate-limit tests and prints its URL.
// Order: REDIS_URL as given; the local server on 127.0.0.1:6379; start the installed redis-server;
// install Debian's redis-server and start it. Idempotent.
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';

const DEFAULT_URL = 'redis://127.0.0.1:6379';

/** True when the server answers PING with PONG. */
function answers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

const run = (command) => execSync(command, { stdio: ['ignore', 'ignore', 'inherit'] });

function installed() {
  try {
    run('command -v redis-server');
    return true;
  } catch {
    return false;
  }
}

function install() {
  run('apt-get update -qq');
  run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server');
}

function start() {
  mkdirSync('/var/lib/redis', { recursive: true });
  mkdirSync('/var/log/redis', { recursive: true });
  // Throw-away counters: no snapshot, no append-only file.
  run(
    'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no ' +
      '--dir /var/lib/redis --logfile /var/log/redis/ci.log',
  );
}

export async function ensureRedis() {
  const url = process.env.REDIS_URL || DEFAULT_URL;
  if (await answers(url)) return url;
  if (!installed()) install();
  start();
  for (let i = 0; i < 20 && !(await answers(url)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!(await answers(url))) throw new Error(`Redis does not answer at ${url}`);
  return url;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await ensureRedis());
}
