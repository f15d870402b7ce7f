// `npm test`: typecheck, lint, unit, integration on PGlite and on PostgreSQL, build, browser journeys. Every step
// runs; the run fails if any step failed. Ends with one summary line.
//
// Every step starts at once (the journeys as soon as the build is there), and the output of each is printed whole
// when it ends, so that no two steps' lines are mixed. One after the other, the run left a core idle much of the
// time (the PostgreSQL pass waits on its server, the journeys on their browsers) and, on a machine shared with other
// work, took a smaller share of it: 20.6 minutes beside `scripts/under-load.mjs`, of which the integration passes
// were 10 one after the other (ADR 0050). The tests' own limits are for a hang, not for a slow machine: they held
// with twelve runnable processes on two cores.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium, ensureHeadlessShell } from './ensure-chromium.mjs';
import { ensurePostgres } from './ensure-postgres.mjs';
import { ensureRedis } from './ensure-redis.mjs';

const reports = '.tmp/test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const runStarted = Date.now();
const results = [];
const tally = { passed: 0, failed: 0, skipped: 0 };
// Named again in the summary: a run's log is often read from its end only.
const failures = [];

const logFile = (name) => `${reports}/${name.replace(/\W+/g, '-')}`;

/**
 * Runs one step's command. Alone, its output goes straight to the terminal; beside others, to a log file that is
 * printed once the step ends.
 */
function step(name, command, args, { env = {}, alone = true } = {}) {
  const started = Date.now();
  if (alone) console.log(`\n=== ${name} ===`);
  const log = alone ? null : `${logFile(name)}.log`;
  const child = spawn(command, args, {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, ...(!alone && { FORCE_COLOR: '1' }) },
  });
  if (log) {
    const out = createWriteStream(log);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (log) {
        console.log(`\n=== ${name} (ran beside other steps, ${seconds} s) ===`);
        process.stdout.write(readFileSync(log));
      }
      results.push({ name, ok: status === 0, seconds });
      resolve(status === 0);
    });
  });
}

async function vitest(name, project, options = {}) {
  const output = `${logFile(name)}.json`;
  const args = [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${output}`,
  ];
  const ok = await step(name, 'npx', args, options);
  if (existsSync(output)) {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    tally.passed += report.numPassedTests;
    tally.failed += report.numFailedTests;
    tally.skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults) {
      for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
        const reason = (test.failureMessages[0] ?? '').split('\n')[0].slice(0, 300);
        failures.push(`${name}: ${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}\n     ${reason}`);
      }
    }
  }
  return ok;
}

/** A service the next steps need, made available; a failure to do so counts as a failed step. */
async function service(name, ensure) {
  try {
    return await ensure();
  } catch (error) {
    console.error(`${name} could not be made available: ${error.message}`);
    results.push({ name: `${name} available`, ok: false, seconds: 0 });
    return undefined;
  }
}

// The shared rate-limit counters are tested against a real Redis in both integration passes; the browsers are
// installed before anything starts, as installing one holds this process until it is done.
const redisUrl = await service('Redis', ensureRedis);
const redis = redisUrl ? { REDIS_URL: redisUrl } : {};
const postgresUrl = await service('PostgreSQL', ensurePostgres);
// The shell for the journeys, the full browser for those about a visitor's first interaction (e2e/browser.ts).
const browsers = await service('Chromium', async () => ({
  CHROMIUM_PATH: ensureHeadlessShell(),
  CHROMIUM_FULL_PATH: ensureChromium(),
}));

console.log('\n=== every step side by side, each printed when it ends ===');
const beside = { alone: false };
const built = step('build', 'npm', ['run', 'build'], beside);
await Promise.all([
  step('typecheck', 'npm', ['run', 'typecheck'], beside),
  step('lint', 'npm', ['run', 'lint'], beside),
  vitest('unit', 'unit', beside),
  // The embedded pass must not pick up a PostgreSQL URL from the environment (CI exports one for the next pass).
  vitest('integration on PGlite', 'integration', { ...beside, env: { ...redis, TEST_DATABASE_URL: '' } }),
  postgresUrl &&
    vitest('integration on PostgreSQL', 'integration', {
      ...beside,
      env: { ...redis, TEST_DATABASE_URL: postgresUrl },
    }),
  built.then((ok) =>
    ok && browsers
      ? vitest('browser journeys', 'e2e*', { ...beside, env: browsers })
      : results.push({ name: 'browser journeys', ok: false, seconds: 0 }),
  ),
]);

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
for (const failure of failures) console.log(`failed: ${failure}`);
// Tests and steps are counted apart: a failing test also fails its step, and must not count twice.
const failedSteps = results.filter((r) => !r.ok).length;
const minutes = ((Date.now() - runStarted) / 60_000).toFixed(1);
console.log(`tests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
console.log(`steps: ${results.length - failedSteps} passed, ${failedSteps} failed; ${minutes} minutes in all`);
process.exit(failedSteps === 0 && tally.failed === 0 ? 0 : 1);
