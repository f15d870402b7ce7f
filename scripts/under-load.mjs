// `node scripts/under-load.mjs [command...]`: runs a command (default `npm test`) while every core is kept busy
// by a spinning thread, as on a shared or overloaded CI machine, to flush out tests that race the clock.
// `HOG_THREADS` sets how many threads spin (default: one per core). Exits with the command's exit code.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const threads = Number(process.env.HOG_THREADS ?? availableParallelism());
const [command, ...args] = process.argv.length > 2 ? process.argv.slice(2) : ['npm', 'test'];

// Each thread spins in slices and yields between them, so it can be told to stop.
const spin = `
  const { parentPort } = require('node:worker_threads');
  let running = true;
  parentPort.on('message', () => { running = false; });
  (function slice() {
    const until = Date.now() + 50;
    while (Date.now() < until) Math.sqrt(Math.random());
    if (running) setImmediate(slice); else process.exit(0);
  })();
`;
const hogs = Array.from({ length: threads }, () => new Worker(spin, { eval: true }));
console.log(`under load: ${threads} spinning thread(s) beside \`${[command, ...args].join(' ')}\``);

const started = Date.now();
const child = spawn(command, args, { stdio: 'inherit' });
child.on('exit', (code, signal) => {
  for (const hog of hogs) hog.postMessage('stop');
  console.log(
    `under load: ended with ${signal ?? `code ${code}`} after ${((Date.now() - started) / 60_000).toFixed(1)} minutes`,
  );
  process.exitCode = code ?? 1;
});
