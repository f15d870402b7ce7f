// `npm test`: typecheck, lint, unit, integration on PGlite and on PostgreSQL, build, browser
// journeys. Every step runs; the run fails if any step failed. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
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

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return status === 0;
}

function vitest(name, project, env = {}) {
  const output = `${reports}/${name.replace(/\W+/g, '-')}.json`;
  const args = [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${output}`,
  ];
  const ok = step(name, 'npx', args, env);
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

step('typecheck', 'npm', ['run', 'typecheck']);
step('lint', 'npm', ['run', 'lint']);
vitest('unit', 'unit');

// The shared rate-limit counters are tested against a real Redis in both integration passes.
try {
  process.env.REDIS_URL = await ensureRedis();
} catch (error) {
  console.error(`Redis could not be made available: ${error.message}`);
  results.push({ name: 'Redis available', ok: false, seconds: 0 });
}

// The embedded pass must not pick up a PostgreSQL URL from the environment (CI exports one for the next pass).
vitest('integration on PGlite', 'integration', { TEST_DATABASE_URL: '' });

let postgresUrl;
try {
  postgresUrl = await ensurePostgres();
} catch (error) {
  console.error(`PostgreSQL could not be made available: ${error.message}`);
  results.push({ name: 'PostgreSQL available', ok: false, seconds: 0 });
}
if (postgresUrl) vitest('integration on PostgreSQL', 'integration', { TEST_DATABASE_URL: postgresUrl });

if (step('build', 'npm', ['run', 'build'])) {
  const chromium = ensureChromium();
  vitest('browser journeys', 'e2e*', { CHROMIUM_PATH: chromium });
} else {
  results.push({ name: 'browser journeys', ok: false, seconds: 0 });
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
for (const failure of failures) console.log(`failed: ${failure}`);
// Tests and steps are counted apart: a failing test also fails its step, and must not count twice.
const failedSteps = results.filter((r) => !r.ok).length;
const minutes = ((Date.now() - runStarted) / 60_000).toFixed(1);
console.log(`tests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
console.log(`steps: ${results.length - failedSteps} passed, ${failedSteps} failed; ${minutes} minutes in all`);
process.exit(failedSteps === 0 && tally.failed === 0 ? 0 : 1);
