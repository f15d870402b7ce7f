// `npx tsx bench/insights.ts [--runs N] [--explain]` (or `npm run bench insights`): times every query of
// `GET /api/admin/insights` (the repository's own functions, through the app's PostgreSQL client) on the database
// bench/insights-data.ts fills (made first when missing), for the last 365 days and the last 30 days, N times each
// (7 by default) after one warm-up run, and prints each query's median and worst against the goal. Exits
// non-zero when a median or a worst run misses it. `--explain` prints each query's EXPLAIN (ANALYZE, BUFFERS)
// instead of timing it.
import { cpus, loadavg, totalmem } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { insightsQueries, readInsights } from '../apps/server/src/modules/insights/insights.repository';
import { BENCH_DATABASE_URL, fillBenchDatabase, tableSizes } from './insights-data';

const GOAL_MS = 300;
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};
const RUNS = Number(argument('--runs') ?? 7);
const EXPLAIN = process.argv.includes('--explain');

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = Date.now();
const RANGES = [
  { name: 'one year', from: isoDay(today - 364 * DAY), to: isoDay(today) },
  { name: '30 days', from: isoDay(today - 29 * DAY), to: isoDay(today) },
];

type Query = (db: Database, from: string, to: string) => Promise<unknown>;
const QUERIES: [string, Query][] = [
  ...(Object.entries(insightsQueries) as [string, Query][]),
  ['whole route', readInsights],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** A client whose statements are explained instead of answered: the query functions then see no rows. */
function explaining(db: Database, plans: string[]): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (query: SQL) => {
        const found = (await target.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        plans.push(found.rows.map((row) => row['QUERY PLAN']).join('\n'));
        return { rows: [] };
      };
    },
  });
}

async function main(): Promise<void> {
  await fillBenchDatabase();
  const handle = await openDatabase({ url: BENCH_DATABASE_URL, dataDir: '', poolSize: 1 });
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  // The steady state autovacuum keeps a live database in (statistics, visibility map), also right after a migration.
  await client.query('vacuum analyze');
  const [version] = (await client.query<{ v: string }>('select version() as v')).rows;
  const sizes = await tableSizes(client);
  await client.end();
  const machine = `${cpus().length} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GB`;
  console.log(
    `\nInsights queries on ${version?.v.split(',')[0]}, ${machine}, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`rows: ${JSON.stringify(sizes)}`);

  let missed = 0;
  try {
    for (const range of RANGES) {
      console.log(`\n${range.name}: ${range.from} to ${range.to}, ${RUNS} runs after a warm-up`);
      if (!EXPLAIN) console.log(`${'query'.padEnd(24)}${'median ms'.padStart(10)}${'worst ms'.padStart(10)}  goal`);
      for (const [name, query] of QUERIES) {
        if (EXPLAIN) {
          if (query === readInsights) continue;
          const plans: string[] = [];
          await query(explaining(handle.db, plans), range.from, range.to);
          console.log(`\n--- ${name}\n${plans.join('\n\n')}`);
          continue;
        }
        await query(handle.db, range.from, range.to);
        const times: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const started = performance.now();
          await query(handle.db, range.from, range.to);
          times.push(performance.now() - started);
        }
        const worst = Math.max(...times);
        const figures = `${name.padEnd(24)}${median(times).toFixed(1).padStart(10)}${worst.toFixed(1).padStart(10)}`;
        // The goal is each query's; the route's total (all six, one after the other) is shown beside them.
        if (query === readInsights) {
          console.log(`${figures}  (the six together)`);
          continue;
        }
        const met = worst < GOAL_MS;
        if (!met) missed += 1;
        console.log(`${figures}  < ${GOAL_MS} ${met ? 'met' : 'MISSED'}`);
      }
    }
  } finally {
    await handle.close();
  }
  if (missed > 0) {
    console.error(`\n${missed} figure(s) missed the goal`);
    process.exitCode = 1;
  }
}

await main();
