import type { Insights, InsightsSummary } from '@dpp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { UPLOAD_JOB_KIND } from '../integrations';

/**
 * The insights' figures, each from one aggregate query by table name (grouped, counted and summed in the
 * database; no member's row is read here). A range is whole UTC days: `from` at 00:00 up to the day after `to`.
 * Each query has its index (migrations 0007_insights and 0008_insights_at_scale, ADR 0035); the jobs' tool,
 * template and client are columns the database copies out of the payload.
 */

type Row = Record<string, unknown>;

async function rows(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Subscriptions that are paid now: running, or running with a failed renewal still retried. */
const PAID_NOW = sql`s.status in ('active', 'past_due') and (s.trial_end is null or s.trial_end <= now())`;

/** A subscription's price per month in cents (a yearly price spread over twelve months). */
const MONTHLY_CENTS = sql`(case when p.interval = 'year' then p.price / 12.0 else p.price end)`;

interface Range {
  /** The first day, 00:00 UTC. */
  start: SQL;
  /** The day after the last one, 00:00 UTC. */
  end: SQL;
}

function rangeOf(from: string, to: string): Range {
  return {
    start: sql`(${from}::date)::timestamp at time zone 'UTC'`,
    end: sql`(${to}::date + 1)::timestamp at time zone 'UTC'`,
  };
}

/** Sign-ups (accounts created) and activations (addresses confirmed) per day, every day of the range. */
async function daily(db: Database, from: string, to: string, r: Range): Promise<Insights['daily']> {
  // One pass over both events, grouped once: joining per-day counts to the days made the planner expect
  // millions of rows and spend a quarter of a second compiling the query (JIT).
  const found = await rows(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(sign_ups) as sign_ups, sum(activations) as activations
    from (
      select d::date as day, 0 as sign_ups, 0 as activations
        from generate_series(${from}::date, ${to}::date, interval '1 day') d
      union all
      select (created_at at time zone 'UTC')::date, 1, 0 from users
        where created_at >= ${r.start} and created_at < ${r.end}
      union all
      select (confirmed_at at time zone 'UTC')::date, 0, 1 from users
        where confirmed_at >= ${r.start} and confirmed_at < ${r.end}
    ) events
    group by day order by day`,
  );
  return found.map((row) => ({
    day: String(row.day),
    sign_ups: int(row.sign_ups),
    activations: int(row.activations),
  }));
}

async function summary(db: Database, r: Range): Promise<InsightsSummary> {
  const [row] = await rows(
    db,
    sql`select
      (select count(*) from clients where trial_start >= ${r.start} and trial_start < ${r.end}) as trials_started,
      (select count(*) from clients where trial_start >= ${r.start} and trial_start < ${r.end}
        and is_subscribed = '2') as trials_converted,
      (select count(*) from clients where trial_end >= ${r.start} and trial_end < ${r.end} and trial_end <= now()
        and is_subscribed <> '2') as trials_ended,
      (select coalesce(round(sum(${MONTHLY_CENTS})), 0) from billing_subscriptions s
        join plan_prices p on p.stripe_price_id = s.price_id where ${PAID_NOW}) as mrr_cents,
      (select count(*) from billing_subscriptions s where s.canceled_at >= ${r.start} and s.canceled_at < ${r.end}
        and (s.trial_end is null or s.trial_end <= s.canceled_at)) as cancelled,
      (select count(*) from billing_subscriptions s where s.started_at < ${r.start}
        and (s.canceled_at is null or s.canceled_at >= ${r.start})
        and (s.trial_end is null or s.trial_end <= ${r.start})
        and s.status in ('active', 'past_due', 'canceled')) as active_at_start,
      (select count(*) from template_purchases where status = 'COMPLETED'
        and completed_at >= ${r.start} and completed_at < ${r.end}) as purchases,
      (select coalesce(sum(amount_cents), 0) from template_purchases where status = 'COMPLETED'
        and completed_at >= ${r.start} and completed_at < ${r.end}) as purchases_cents,
      (select count(*) from lifetime_deal_codes where redeemed_at >= ${r.start} and redeemed_at < ${r.end})
        as lifetime_deal_redemptions,
      (select count(*) from lifetime_deal_codes where claimed_at >= ${r.start} and claimed_at < ${r.end})
        as lifetime_deal_claims,
      (select count(*) from member_plans where created_at >= ${r.start} and created_at < ${r.end}) as plans_taken,
      (select count(*) from member_plans where version > 1 and updated_at >= ${r.start} and updated_at < ${r.end})
        as plans_edited,
      (select count(*) from member_plans where last_sent_at >= ${r.start} and last_sent_at < ${r.end})
        as plans_sent,
      (select count(*) from member_plan_sends where done > 0 and read_at >= ${r.start} and read_at < ${r.end})
        as plans_progressing`,
  );
  const cancelled = int(row?.cancelled);
  const activeAtStart = int(row?.active_at_start);
  return {
    trials_started: int(row?.trials_started),
    trials_converted: int(row?.trials_converted),
    trials_ended: int(row?.trials_ended),
    mrr_cents: int(row?.mrr_cents),
    cancelled,
    active_at_start: activeAtStart,
    churn_rate: activeAtStart === 0 ? null : cancelled / activeAtStart,
    purchases: int(row?.purchases),
    purchases_cents: int(row?.purchases_cents),
    lifetime_deal_redemptions: int(row?.lifetime_deal_redemptions),
    lifetime_deal_claims: int(row?.lifetime_deal_claims),
    plans_taken: int(row?.plans_taken),
    plans_edited: int(row?.plans_edited),
    plans_sent: int(row?.plans_sent),
    plans_progressing: int(row?.plans_progressing),
  };
}

/** Members paying now, per plan, with the plan's share of the monthly recurring revenue. */
async function payingByPlan(db: Database): Promise<Insights['paying_by_plan']> {
  const found = await rows(
    db,
    sql`select s.plan_id, coalesce(pl.name, '') as plan, count(distinct s.client_id) as members,
      coalesce(round(sum(${MONTHLY_CENTS})), 0) as mrr_cents
    from billing_subscriptions s
      left join plan_prices p on p.stripe_price_id = s.price_id
      left join plans pl on pl.id = s.plan_id
    where ${PAID_NOW}
    group by s.plan_id, pl.name order by members desc, s.plan_id`,
  );
  return found.map((row) => ({
    plan_id: int(row.plan_id),
    plan: String(row.plan),
    members: int(row.members),
    mrr_cents: int(row.mrr_cents),
  }));
}

/** Uploads to the task tools queued in the range, per tool. */
async function uploads(db: Database, r: Range): Promise<Insights['uploads']> {
  const found = await rows(
    db,
    sql`select tool, count(*) as uploads,
      count(*) filter (where status = 'succeeded') as succeeded,
      count(*) filter (where status = 'failed') as failed,
      percentile_cont(0.5) within group (order by extract(epoch from finished_at - created_at))
        filter (where status = 'succeeded' and finished_at is not null) as median_seconds
    from jobs where kind = ${UPLOAD_JOB_KIND} and created_at >= ${r.start} and created_at < ${r.end}
    group by 1 order by uploads desc, tool`,
  );
  return found.map((row) => ({
    tool: String(row.tool ?? ''),
    uploads: int(row.uploads),
    succeeded: int(row.succeeded),
    failed: int(row.failed),
    median_seconds: row.median_seconds === null ? null : Math.round(Number(row.median_seconds) * 10) / 10,
  }));
}

/** AI credits used in the calendar months the range touches, per the members' plan now. */
async function aiCredits(db: Database, from: string, to: string): Promise<Insights['ai_credits']> {
  const found = await rows(
    db,
    // Summed per member first: the join then meets one row per member instead of one per member and month.
    sql`select coalesce(nullif(c.plan_name, ''), 'No plan') as plan, count(*) as members,
      coalesce(sum(u.tokens), 0) as tokens, coalesce(sum(u.requests), 0) as requests
    from (select client_id, sum(tokens) as tokens, sum(requests) as requests from ai_usage
      where period >= ${from.slice(0, 7)} and period <= ${to.slice(0, 7)} group by client_id) u
      join clients c on c.id = u.client_id
    group by 1 order by tokens desc, plan`,
  );
  return found.map((row) => ({
    plan: String(row.plan),
    members: int(row.members),
    tokens: int(row.tokens),
    requests: int(row.requests),
  }));
}

/** The ten templates most often uploaded to a task tool with success in the range. */
async function templates(db: Database, r: Range): Promise<Insights['templates']> {
  const found = await rows(
    db,
    sql`select u.template_id, coalesce(t.name, '') as name, count(*) as uploads, count(distinct u.client_id) as members
    from jobs u left join project_plans t on t.id = u.template_id
    where u.kind = ${UPLOAD_JOB_KIND} and u.status = 'succeeded' and u.created_at >= ${r.start}
      and u.created_at < ${r.end} and u.template_id is not null
    group by u.template_id, t.name order by uploads desc, u.template_id limit 10`,
  );
  return found.map((row) => ({
    template_id: int(row.template_id),
    name: String(row.name),
    uploads: int(row.uploads),
    members: int(row.members),
  }));
}

/** Each figure's query by name, as the route runs them one after the other (the bench times each). */
export const insightsQueries = {
  daily: (db: Database, from: string, to: string) => daily(db, from, to, rangeOf(from, to)),
  summary: (db: Database, from: string, to: string) => summary(db, rangeOf(from, to)),
  paying_by_plan: (db: Database) => payingByPlan(db),
  uploads: (db: Database, from: string, to: string) => uploads(db, rangeOf(from, to)),
  ai_credits: (db: Database, from: string, to: string) => aiCredits(db, from, to),
  templates: (db: Database, from: string, to: string) => templates(db, rangeOf(from, to)),
} satisfies {
  [K in keyof Omit<Insights, 'from' | 'to'>]: (db: Database, from: string, to: string) => Promise<Insights[K]>;
};

export async function readInsights(db: Database, from: string, to: string): Promise<Insights> {
  const q = insightsQueries;
  return {
    from,
    to,
    daily: await q.daily(db, from, to),
    summary: await q.summary(db, from, to),
    paying_by_plan: await q.paying_by_plan(db),
    uploads: await q.uploads(db, from, to),
    ai_credits: await q.ai_credits(db, from, to),
    templates: await q.templates(db, from, to),
  };
}
