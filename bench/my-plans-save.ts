// `npx tsx bench/my-plans-save.ts`: saves a member's plan copy of 300 tasks (10 sections of 30 tasks, 2 subtasks
// each, every text field filled) through PUT /api/my-plans/:id on the embedded database (PGlite), one save after
// another as an editor's autosave sends them, each from the version the last one answered. Reports the median,
// p99 and worst in ms beside the goal (p99 < 50 ms), and beside the reference measured in the same run: a GET of
// the same copy (read and serialise only). Exits non-zero when the goal is missed.
import type { MyPlan, MyPlanDocument } from '@dpp/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed';
import { signedInUser } from '../apps/server/test/helpers';

const SECTIONS = 10;
const TASKS_PER_SECTION = 30;
const SAVES = Number(process.env.BENCH_SAVES ?? 300);
const WARM_UP = 20;
const GOAL_P99_MS = 50;

const text = (label: string) => `${label}: what to do, why it matters and how to tell it is done.`;
const plan: MyPlanDocument = {
  start_date: '2027-01-04',
  sections: Array.from({ length: SECTIONS }, (_, s) => ({
    id: `s${s}`,
    name: `Section ${s + 1}`,
    description: text(`Section ${s + 1}`),
    tasks: Array.from({ length: TASKS_PER_SECTION }, (_, t) => ({
      id: `s${s}t${t}`,
      name: `Task ${s + 1}.${t + 1}`,
      description: text(`Task ${s + 1}.${t + 1}`),
      start_date: '2027-01-04',
      due_date: '2027-02-01',
      owner: 'Ada',
      priority: 'medium' as const,
      subtasks: [0, 1].map((k) => ({
        id: `s${s}t${t}k${k}`,
        name: `Step ${k + 1}`,
        description: text(`Step ${k + 1}`),
      })),
    })),
  })),
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), worst: sorted.at(-1)! };
};

const database = await openDatabase({ dataDir: 'memory://' });
await migrateDatabase(database);
await seedDatabase(database.db);
const config = loadConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
  DATA_DIR: 'memory://',
  TOKEN_ENCRYPTION_KEY: 'a'.repeat(64),
  IDENTITY_RATE_LIMIT_PER_MINUTE: '10000',
});
const app = await buildApp({ config, db: database.db });
await app.ready();
const { auth } = await signedInUser(app, 'bench-editor@example.com');
const taken = await app.inject({
  method: 'POST',
  url: '/api/my-plans',
  headers: auth,
  payload: { source: 'template', templateId: 1 },
});
if (taken.statusCode !== 201) throw new Error(`could not take a plan: ${taken.statusCode} ${taken.body}`);
const copy = taken.json() as MyPlan;

let version = copy.version;
const saves: number[] = [];
const reads: number[] = [];
const body = JSON.stringify({ version: 0, name: 'Bench plan', plan }).length;
for (let i = 0; i < WARM_UP + SAVES; i++) {
  // Each save changes one task's name, as an editor's typing does.
  plan.sections[i % SECTIONS]!.tasks[0]!.name = `Task renamed ${i}`;
  const started = performance.now();
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/my-plans/${copy.id}`,
    headers: auth,
    payload: { version, name: 'Bench plan', plan },
  });
  const savedMs = performance.now() - started;
  if (saved.statusCode !== 200) throw new Error(`save ${i}: ${saved.statusCode} ${saved.body}`);
  version = (saved.json() as { version: number }).version;
  const readStarted = performance.now();
  const read = await app.inject({ method: 'GET', url: `/api/my-plans/${copy.id}`, headers: auth });
  const readMs = performance.now() - readStarted;
  if (read.statusCode !== 200) throw new Error(`read ${i}: ${read.statusCode}`);
  if (i < WARM_UP) continue;
  saves.push(savedMs);
  reads.push(readMs);
}
await app.close();
await database.close();

const save = summary(saves);
const read = summary(reads);
const ms = (v: number) => Math.round(v * 10) / 10;
console.log(
  `A plan copy of ${SECTIONS * TASKS_PER_SECTION} tasks (${Math.round(body / 1024)} KiB of JSON), ${SAVES} saves one after another on PGlite:`,
);
console.table([
  { what: 'PUT /api/my-plans/:id (save)', median: ms(save.median), p99: ms(save.p99), worst: ms(save.worst) },
  { what: 'GET /api/my-plans/:id (reference)', median: ms(read.median), p99: ms(read.p99), worst: ms(read.worst) },
]);
const met = save.p99 < GOAL_P99_MS;
console.log(
  `Goal: save p99 < ${GOAL_P99_MS} ms: ${met ? 'met' : 'NOT met'} (${ms(save.p99)} ms, ${Math.round((save.p99 / read.p99) * 100)}% of the read's p99)`,
);
if (!met) process.exitCode = 1;
