import type { Insights, InsightsSummary } from '@dpp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ROLE_ADMIN } from '../../plugins/auth';
import { UPLOAD_JOB_KIND } from '../integrations';

/**
 * The insights' figures, each from one aggregate query by table name (grouped, counted and summed in the
 * database; no member's row is read here). A range is whole UTC days: `from` at 00:00 up to the day after `to`.
 * Each query has its index (migrations 0007_insights and 0008_insights_at_scale, ADR 0035); the jobs' tool,
 * template and client are columns the database copies out of the payload.
 *
 * The figures are about members: administrators' sign-ups and activity are left out (money they paid is not:
 * the billing figures follow the invoices). A member who deleted their account stays in the figures of the past
 * through the facts kept of them (`departed_*`, `keepDepartedFacts`), so that those figures never change.
 */

type Row = Record<string, unknown>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function rows(db: Database | Tx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Subscriptions that are paid now: running, or running with a failed renewal still retried. */
const PAID_NOW = sql`s.status in ('active', 'past_due') and (s.trial_end is null or s.trial_end <= now())`;

/** A subscription's price per month in cents (a yearly price spread over twelve months). */
const MONTHLY_CENTS = sql`(case when p.interval = 'year' then p.price / 12.0 else p.price end)`;

/** The client records of the administrators, read once per statement (an init plan). */
const ADMIN_CLIENTS = sql`array(select client_id from client_authorities where name = ${ROLE_ADMIN})`;

/** A row of a member, not an administrator, by its client id column (null, as a job's can be, is a member's). */
const byMember = (clientId: SQL) => sql`coalesce(${clientId}, 0) <> all (${ADMIN_CLIENTS})`;

interface Range {
  /** The first day, 00:00 UTC. */
  start: SQL;
  /** The day after the last one, 00:00 UTC. */
  end: SQL;
  /** The first and the last day as dates, for the departed members' facts, which are kept as days. */
  first: SQL;
  last: SQL;
}

function rangeOf(from: string, to: string): Range {
  return {
    start: sql`(${from}::date)::timestamp at time zone 'UTC'`,
    end: sql`(${to}::date + 1)::timestamp at time zone 'UTC'`,
    first: sql`${from}::date`,
    last: sql`${to}::date`,
  };
}

/** A day column of the departed members' facts within the range. */
const dayIn = (column: SQL, r: Range) => sql`${column} between ${r.first} and ${r.last}`;

/**
 * Sign-ups (accounts created) and activations (addresses confirmed) per day, every day of the range: the
 * members' of now and of those who left, not the administrators'.
 */
async function daily(db: Database, from: string, to: string, r: Range): Promise<Insights['daily']> {
  // One pass over both events, grouped once: joining per-day counts to the days made the planner expect
  // millions of rows and spend a quarter of a second compiling the query (JIT). The administrators' own are
  // taken off as rows of -1 (a handful), so that the count of everyone stays read from the index alone.
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
      union all
      select (u.created_at at time zone 'UTC')::date, -1, 0 from users u join clients c on c.email = u.email
        where c.id = any (${ADMIN_CLIENTS}) and u.created_at >= ${r.start} and u.created_at < ${r.end}
      union all
      select (u.confirmed_at at time zone 'UTC')::date, 0, -1 from users u join clients c on c.email = u.email
        where c.id = any (${ADMIN_CLIENTS}) and u.confirmed_at >= ${r.start} and u.confirmed_at < ${r.end}
      union all
      select signed_up_on, 1, 0 from departed_members where ${dayIn(sql`signed_up_on`, r)}
      union all
      select activated_on, 0, 1 from departed_members where ${dayIn(sql`activated_on`, r)}
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
      (select count(*) from clients where trial_start >= ${r.start} and trial_start < ${r.end}
        and ${byMember(sql`id`)})
        + (select count(*) from departed_members where ${dayIn(sql`trial_started_on`, r)}) as trials_started,
      (select count(*) from clients where trial_start >= ${r.start} and trial_start < ${r.end}
        and is_subscribed = '2' and ${byMember(sql`id`)})
        + (select count(*) from departed_members where ${dayIn(sql`trial_started_on`, r)} and trial_converted)
        as trials_converted,
      (select count(*) from clients where trial_end >= ${r.start} and trial_end < ${r.end} and trial_end <= now()
        and is_subscribed <> '2' and ${byMember(sql`id`)})
        + (select count(*) from departed_members where ${dayIn(sql`trial_ended_on`, r)} and not trial_converted)
        as trials_ended,
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
      (select count(*) from member_plans where created_at >= ${r.start} and created_at < ${r.end}
        and ${byMember(sql`client_id`)})
        + (select count(*) from departed_plan_copies where ${dayIn(sql`taken_on`, r)}) as plans_taken,
      (select count(*) from member_plans where version > 1 and updated_at >= ${r.start} and updated_at < ${r.end}
        and ${byMember(sql`client_id`)})
        + (select count(*) from departed_plan_copies where ${dayIn(sql`edited_on`, r)}) as plans_edited,
      (select count(*) from member_plans where last_sent_at >= ${r.start} and last_sent_at < ${r.end}
        and ${byMember(sql`client_id`)})
        + (select count(*) from departed_plan_copies where ${dayIn(sql`sent_on`, r)}) as plans_sent,
      (select count(distinct member_plan_id) from member_plan_sends
        where done > 0 and read_at >= ${r.start} and read_at < ${r.end}
        and ${byMember(sql`client_id`)})
        + (select count(*) from departed_plan_copies where ${dayIn(sql`progressing_on`, r)}) as plans_progressing`,
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

/** Uploads to the task tools queued in the range, per tool: the members', with those of members who left. */
async function uploads(db: Database, r: Range): Promise<Insights['uploads']> {
  const found = await rows(
    db,
    sql`select tool, count(*) as uploads,
      count(*) filter (where status = 'succeeded') as succeeded,
      count(*) filter (where status = 'failed') as failed,
      percentile_cont(0.5) within group (order by seconds)
        filter (where status = 'succeeded' and seconds is not null) as median_seconds
    from (
      select tool, status, extract(epoch from finished_at - created_at) as seconds from jobs
        where kind = ${UPLOAD_JOB_KIND} and created_at >= ${r.start} and created_at < ${r.end}
          and ${byMember(sql`client_id`)}
      union all
      select tool, status, seconds from departed_uploads where ${dayIn(sql`queued_on`, r)}
    ) u
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

/**
 * AI credits used in the calendar months the range touches, per the members' plan now; a member who left counts
 * under the plan they had when they left.
 */
async function aiCredits(db: Database, from: string, to: string): Promise<Insights['ai_credits']> {
  const first = from.slice(0, 7);
  const last = to.slice(0, 7);
  const found = await rows(
    db,
    // Summed per member first: the join then meets one row per member instead of one per member and month.
    sql`select coalesce(nullif(plan, ''), 'No plan') as plan, count(*) as members,
      coalesce(sum(tokens), 0) as tokens, coalesce(sum(requests), 0) as requests
    from (
      select c.plan_name as plan, u.tokens, u.requests
        from (select client_id, sum(tokens) as tokens, sum(requests) as requests from ai_usage
          where period >= ${first} and period <= ${last} and ${byMember(sql`client_id`)} group by client_id) u
        join clients c on c.id = u.client_id
      union all
      select m.plan_name, u.tokens, u.requests
        from (select departed_member_id, sum(tokens) as tokens, sum(requests) as requests from departed_ai_usage
          where period >= ${first} and period <= ${last} group by departed_member_id) u
        join departed_members m on m.id = u.departed_member_id
    ) per_member
    group by 1 order by tokens desc, plan`,
  );
  return found.map((row) => ({
    plan: String(row.plan),
    members: int(row.members),
    tokens: int(row.tokens),
    requests: int(row.requests),
  }));
}

/**
 * The ten templates most taken in the range: uploaded to a task tool with success, or copied into My Plans
 * ("Save to My Plans"); members counts the members who did either, those who left included.
 */
async function templates(db: Database, r: Range): Promise<Insights['templates']> {
  const found = await rows(
    db,
    // A member is told apart by their client record, one who left by the key of their kept facts.
    sql`select t.template_id, coalesce(p.name, '') as name,
      count(*) filter (where t.upload) as uploads, count(*) filter (where not t.upload) as copies,
      count(distinct t.member) as members
    from (
      select template_id, true as upload, 'c' || client_id::text as member from jobs
        where kind = ${UPLOAD_JOB_KIND} and status = 'succeeded' and created_at >= ${r.start}
          and created_at < ${r.end} and template_id is not null and ${byMember(sql`client_id`)}
      union all
      select template_id, true, 'd' || departed_member_id::text from departed_uploads
        where status = 'succeeded' and template_id is not null and ${dayIn(sql`queued_on`, r)}
      union all
      select source_id, false, 'c' || client_id::text from member_plans
        where source_kind = 'template' and created_at >= ${r.start} and created_at < ${r.end}
          and ${byMember(sql`client_id`)}
      union all
      select template_id, false, 'd' || departed_member_id::text from departed_plan_copies
        where template_id is not null and ${dayIn(sql`taken_on`, r)}
    ) t left join project_plans p on p.id = t.template_id
    group by t.template_id, p.name order by count(*) desc, uploads desc, t.template_id limit 10`,
  );
  return found.map((row) => ({
    template_id: int(row.template_id),
    name: String(row.name),
    uploads: int(row.uploads),
    copies: int(row.copies),
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

/** A day of a timestamp column, in UTC as the ranges are. */
const utcDay = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;

/**
 * Keeps, in the transaction that erases a member, the facts of the past the figures count: their sign-up and
 * activation days, their trial, uploads, plan copies and AI credits, as days and counts under a random key held
 * nowhere else: no e-mail, name, client or user id. Nothing is kept of an administrator, whose sign-up and
 * activity the figures never counted. Without it the figures of past days would fall when a member leaves.
 */
export async function keepDepartedFacts(tx: Tx, member: { clientId: number; userId: number | null }): Promise<void> {
  const { clientId } = member;
  const [kept] = await rows(
    tx,
    sql`insert into departed_members
        (signed_up_on, activated_on, trial_started_on, trial_ended_on, trial_converted, plan_name)
      select ${utcDay(sql`u.created_at`)}, ${utcDay(sql`u.confirmed_at`)}, ${utcDay(sql`c.trial_start`)},
        -- A trial still running ends the day its member leaves.
        case when c.trial_end is not null then ${utcDay(sql`least(c.trial_end, now())`)} end,
        c.is_subscribed = '2', c.plan_name
      from clients c left join users u on u.id = ${member.userId ?? -1}
      where c.id = ${clientId} and ${byMember(sql`c.id`)}
      returning id`,
  );
  if (!kept) return;
  const id = String(kept.id);
  await tx.execute(
    sql`insert into departed_uploads (departed_member_id, queued_on, tool, status, seconds, template_id)
      select ${id}::uuid, ${utcDay(sql`created_at`)}, tool, status, extract(epoch from finished_at - created_at),
        template_id
      from jobs where kind = ${UPLOAD_JOB_KIND} and client_id = ${clientId}`,
  );
  await tx.execute(
    sql`insert into departed_plan_copies
        (departed_member_id, taken_on, edited_on, sent_on, progressing_on, template_id)
      select ${id}::uuid, ${utcDay(sql`p.created_at`)},
        case when p.version > 1 then ${utcDay(sql`p.updated_at`)} end, ${utcDay(sql`p.last_sent_at`)},
        ${utcDay(sql`s.progressing_at`)},
        case when p.source_kind = 'template' then p.source_id end
      from member_plans p left join (
        -- A copy sent more than once is progressing as of the latest read that found tasks done in any of them.
        select member_plan_id, max(read_at) filter (where done > 0) as progressing_at
        from member_plan_sends group by member_plan_id
      ) s on s.member_plan_id = p.id
      where p.client_id = ${clientId}`,
  );
  await tx.execute(
    sql`insert into departed_ai_usage (departed_member_id, period, tokens, requests)
      select ${id}::uuid, period, tokens, requests from ai_usage where client_id = ${clientId}`,
  );
}
