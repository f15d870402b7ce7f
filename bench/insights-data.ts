// `npx tsx bench/insights-data.ts [--reset]`: fills a PostgreSQL database with 100,000 members and one year of
// their events (sign-ups, confirmations, trials, subscriptions with payments and cancellations, template
// purchases, lifetime-deal codes, uploads to the task tools, AI credits), for the insights bench
// (bench/insights.ts). The database is INSIGHTS_BENCH_DATABASE_URL, by default `insights_bench` on the local
// server; it is created when missing and migrated and seeded with the app's own migrations and catalogue.
// Everything is made by set-based SQL (generate_series, INSERT … SELECT) in one session, with a fixed random
// seed. A database already filled is left as it is; `--reset` empties the member tables and fills them again.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDatabase } from '../apps/server/src/db/seed';

export const BENCH_DATABASE_URL =
  process.env.INSIGHTS_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/insights_bench';
export const MEMBERS = 100_000;

/** Creates the database named in the URL when the server does not have it yet. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** The member tables this generator fills (clients cascades to the rows that refer to it). */
const RESET = `truncate users, clients, jobs, lifetime_deal_codes, audit_events restart identity cascade`;

/**
 * The steps, in order, each one statement over the whole population. `bench_members` (a temporary table) holds
 * what several tables share about a member: their dates, trial, plan and whether they stopped paying.
 */
const STEPS: [string, string][] = [
  ['seed', `select setseed(0.2026)`],
  [
    'members',
    `create temporary table bench_members as
    select n,
      -- Sign-ups spread over the year, more of them in the recent months (a growing product).
      now() - interval '365 days' + power(random(), 0.75) * interval '365 days' as created,
      random() as r_confirm, random() as r_trial, random() as r_convert, random() as r_cancel,
      random() as r_plan, random() as r_ai, random() as r_lifetime, random() as r_extra
    from generate_series(1, ${MEMBERS}) n`,
  ],
  [
    'member details',
    `alter table bench_members
      add column confirmed timestamptz, add column trial_start timestamptz, add column trial_end timestamptz,
      add column plan_id int, add column subscribed timestamptz, add column canceled timestamptz,
      add column client_id int, add column user_id int`,
  ],
  [
    'member plan',
    `update bench_members set
      confirmed = case when r_confirm < 0.82 then least(now(), created + r_confirm * interval '2 days') end,
      -- 45% start a 14-day trial within three days of signing up.
      trial_start = case when r_trial < 0.45 then least(now(), created + r_trial * interval '6 days') end,
      plan_id = case when r_plan < 0.55 then 6 when r_plan < 0.85 then 7 else 9 end`,
  ],
  [
    'member subscriptions',
    `update bench_members set
      trial_end = trial_start + interval '14 days',
      -- 35% of trials convert; 4% of the others subscribe without a trial at some point of their membership.
      subscribed = case
        when trial_start is not null and r_convert < 0.35 then trial_start
        when trial_start is null and r_convert < 0.04 then least(now(), created + r_extra * interval '60 days')
      end`,
  ],
  [
    'member cancellations',
    // A quarter of the paying members cancel, some time after their first paid day.
    `update bench_members set canceled = least(now(),
        coalesce(trial_end, subscribed) + r_cancel * 4 * (now() - coalesce(trial_end, subscribed)))
      where subscribed is not null and r_cancel < 0.25 and coalesce(trial_end, subscribed) < now()`,
  ],
  ['member index', `create unique index on bench_members (n)`],
  [
    'templates',
    `create temporary table bench_templates as
    select row_number() over (order by id) - 1 as position, id, name, plan, price from project_plans`,
  ],
  [
    'users',
    `insert into users (username, email, password_hash, confirmed, confirmed_at, given_name, family_name,
        country_name, created_at, updated_at)
    select gen_random_uuid(), 'member' || n || '@bench.example', 'bench:no-password', confirmed is not null,
      confirmed,
      (array['Ada','Ben','Chloe','Diego','Emma','Farah','Gus','Hana','Ivan','Jade','Kofi','Lena','Mateo','Nora'])[1 + n % 14],
      (array['Smith','Okafor','Garcia','Nguyen','Müller','Rossi','Kowalski','Tanaka','Dubois','Silva','Haddad'])[1 + n % 11],
      'United States', created, coalesce(confirmed, created)
    from bench_members order by n`,
  ],
  [
    'clients',
    `insert into clients (username, email, is_subscribed, has_used_free_trial, plan_name, is_appsumo_user,
        trial_start, trial_end, created_at)
    select u.username::text, u.email,
      case when m.subscribed is not null and m.canceled is null and coalesce(m.trial_end, m.subscribed) <= now() then '2'
        when m.trial_start is not null and m.trial_end > now() then '1' else '' end,
      m.trial_start is not null,
      case when m.subscribed is not null and m.canceled is null then p.membership_name
        when m.trial_start is not null and m.trial_end > now() then p.membership_name else '' end,
      m.r_lifetime < 0.03, m.trial_start, m.trial_end, m.created
    from bench_members m join users u on u.email = 'member' || m.n || '@bench.example'
      join plans p on p.id = m.plan_id
    order by m.n`,
  ],
  [
    'member ids',
    `update bench_members m set client_id = c.id, user_id = u.id
    from clients c join users u on u.email = c.email where c.email = 'member' || m.n || '@bench.example'`,
  ],
  [
    'subscriptions',
    // Paid ones, and the card trials that ended without paying (half of the unconverted trials gave a card).
    `insert into billing_subscriptions (provider, provider_subscription_id, client_id, plan_id, price_id, status,
        started_at, trial_end, current_period_end, canceled_at, updated_at)
    select 'local', 'sub_bench_' || m.n, m.client_id, m.plan_id, pp.stripe_price_id,
      case when m.canceled is not null then 'canceled'
        when m.subscribed is null and m.trial_end <= now() then 'canceled'
        when m.trial_end > now() then 'trialing'
        when m.r_cancel > 0.96 then 'past_due' else 'active' end,
      coalesce(m.subscribed, m.trial_start), m.trial_end,
      greatest(now(), coalesce(m.trial_end, m.subscribed)) + m.r_extra * interval '30 days',
      coalesce(m.canceled, case when m.subscribed is null and m.trial_end <= now() then m.trial_end end),
      now()
    from bench_members m join plan_prices pp on pp.plan_id = m.plan_id
    where m.subscribed is not null or (m.trial_start is not null and m.r_convert < 0.67)
    order by m.n`,
  ],
  [
    'payments',
    // One payment per month (per year on the yearly plan) from the first paid day until now or the cancellation.
    `insert into billing_payments (client_id, provider_reference, kind, amount_cents, created_at)
    select s.client_id, 'pi_bench_' || s.id || '_' || k, 'payment_intent', pp.price, paid
    from billing_subscriptions s join plan_prices pp on pp.stripe_price_id = s.price_id,
      lateral generate_series(coalesce(s.trial_end, s.started_at), coalesce(s.canceled_at, now()),
        case when pp.interval = 'year' then interval '1 year' else interval '1 month' end) with ordinality as g(paid, k)
    where s.status in ('active', 'past_due') or (s.status = 'canceled' and s.canceled_at > coalesce(s.trial_end, s.started_at))`,
  ],
  [
    'template purchases',
    // 25,000 one-time purchases by members picked at random, some time after their sign-up; 8% never captured.
    `insert into template_purchases (client_id, project_plan_id, provider, order_id, amount_cents, status,
        created_at, completed_at)
    select m.client_id, t.id, case when k % 3 = 0 then 'paypal' else 'local' end, 'order_bench_' || k,
      greatest(t.price, 1900), case when r < 0.92 then 'COMPLETED' else 'CREATED' end, bought,
      case when r < 0.92 then bought + interval '2 minutes' end
    from (select k, 1 + floor(random() * ${MEMBERS})::int as n, random() as r, random() as when_r,
        floor(random() * 1000)::int as pick from generate_series(1, 25000) k) x
      join bench_members m on m.n = x.n
      cross join lateral (select least(now(), m.created + x.when_r * (now() - m.created)) as bought) b
      join bench_templates t on t.position = x.pick % (select count(*) from bench_templates)`,
  ],
  [
    'lifetime-deal codes',
    // 10,000 codes imported at three dates; 6,000 redeemed, 5,000 of those made an account.
    `insert into lifetime_deal_codes (code_hash, source, hint, imported_at, redeemed_at, claimed_email, claimed_at,
        client_id)
    select md5('bench-code-' || k), 'import', right(md5('bench-code-' || k), 4),
      now() - interval '1 day' * (360 - 120 * (k % 3)), redeemed,
      case when k <= 5000 then 'member' || (k * 19) || '@bench.example' end,
      case when k <= 5000 then redeemed + interval '5 minutes' end,
      case when k <= 5000 then (select client_id from bench_members where n = k * 19) end
    from (select k, case when k <= 6000
        then now() - interval '1 day' * (360 - 120 * (k % 3)) * random() end as redeemed
      from generate_series(1, 10000) k) x`,
  ],
  [
    'uploads',
    // 150,000 uploads by members picked at random, each carrying its plan like the real job (a template's plan,
    // or for a fifth of them an AI plan); 86% succeed, 11% fail, the rest still wait or run.
    `insert into jobs (kind, payload, status, attempts, max_attempts, run_at, result, error, created_at,
        updated_at, finished_at)
    select 'task-tool-upload',
      jsonb_build_object('clientId', m.client_id,
        'planId', case when x.r_ai < 0.2 then 'ai-' || x.k else t.id::text end,
        'connectionId', x.k, 'tool', x.tool,
        'target', jsonb_build_object('workspaceId', 'w' || (x.k % 97), 'name', t.name),
        'plan', t.plan),
      x.status, case when x.status = 'failed' then 8 else 1 end, 8, started,
      case when x.status = 'succeeded' then jsonb_build_object('created', 120) end,
      case when x.status = 'failed' then 'The tool refused the request' end,
      started, started,
      case when x.status in ('succeeded', 'failed') then started + interval '1 second' * (3 + 240 * power(x.r_took, 3)) end
    from (select k, 1 + floor(random() * ${MEMBERS})::int as n, random() as r_ai, random() as r_took,
        random() as when_r, floor(random() * 1000)::int as pick,
        (array['asana','asana','asana','clickup','clickup','monday'])[1 + floor(random() * 6)::int] as tool,
        case when random() < 0.86 then 'succeeded' when random() < 0.8 then 'failed'
          when random() < 0.5 then 'queued' else 'running' end as status
      from generate_series(1, 150000) k) x
      join bench_members m on m.n = x.n
      cross join lateral (select least(now() - interval '10 minutes', m.created + x.when_r * (now() - m.created))
        as started) b
      join bench_templates t on t.position = x.pick % (select count(*) from bench_templates)`,
  ],
  [
    'other jobs',
    // Mail retries and archive jobs share the table: the uploads' queries must skip them by index.
    `insert into jobs (kind, payload, status, attempts, run_at, created_at, updated_at, finished_at)
    select case when k % 4 = 0 then 'my-data.export' else 'identity.password-reset-mail' end,
      jsonb_build_object('clientId', 1 + k % ${MEMBERS}), 'succeeded', 1, at, at, at, at + interval '2 seconds'
    from (select k, now() - random() * interval '365 days' as at from generate_series(1, 40000) k) x`,
  ],
  [
    'AI credits',
    // 35% of the members use the AI planner, in about two months out of three from the month they signed up.
    `insert into ai_usage (client_id, period, tokens, requests)
    select m.client_id, to_char(month, 'YYYY-MM'), 500 + floor(random() * 60000)::int, 1 + floor(random() * 60)::int
    from bench_members m,
      lateral generate_series(date_trunc('month', m.created), now(), interval '1 month') month
    where m.r_ai < 0.35 and random() < 0.66`,
  ],
  ['statistics', `vacuum analyze`],
];

/** Creates, migrates and fills the bench database, unless it is filled already and no reset is asked for. */
export async function fillBenchDatabase(reset = false): Promise<void> {
  const name = decodeURIComponent(new URL(BENCH_DATABASE_URL).pathname.slice(1));
  // The reset empties the member tables: never on a database that is not a bench's.
  if (!name.includes('bench')) throw new Error(`refusing to fill "${name}": its name must contain "bench"`);
  await ensureDatabase(BENCH_DATABASE_URL);
  const handle = await openDatabase({ url: BENCH_DATABASE_URL, dataDir: '', poolSize: 1 });
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle.db);
  } finally {
    await handle.close();
  }

  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    const filled = await client.query<{ members: string; usage: string }>(
      `select (select count(*) from clients where email like '%@bench.example') as members,
        (select count(*) from ai_usage) as usage`,
    );
    const row = filled.rows[0];
    if (!reset && Number(row?.members) === MEMBERS && Number(row?.usage) > 0) {
      console.log(`${name} already holds ${MEMBERS} members and their year (--reset to make them again)`);
      return;
    }
    const started = performance.now();
    await client.query(RESET);
    for (const [step, statement] of STEPS) {
      const t0 = performance.now();
      const result = await client.query(statement);
      const count = result.rowCount ? ` ${result.rowCount} rows` : '';
      console.log(`${step.padEnd(22)}${count.padEnd(16)} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    console.log(`filled ${name} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await client.end();
  }
}

/** Rows per table the insights read, as the bench and its ADR report them. */
export async function tableSizes(client: pg.Client): Promise<Record<string, number>> {
  const tables = [
    'users',
    'clients',
    'billing_subscriptions',
    'billing_payments',
    'template_purchases',
    'lifetime_deal_codes',
    'jobs',
    'ai_usage',
    'project_plans',
    'plans',
    'plan_prices',
  ];
  const sizes: Record<string, number> = {};
  for (const table of tables) {
    const found = await client.query<{ n: string }>(`select count(*) as n from ${pg.escapeIdentifier(table)}`);
    sizes[table] = Number(found.rows[0]?.n ?? 0);
  }
  return sizes;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await fillBenchDatabase(process.argv.includes('--reset'));
}
