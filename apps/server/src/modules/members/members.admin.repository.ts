import { MEMBER_PAGE_LIST_LIMIT, type MemberDetail, type MemberListFilters, type MemberSummary } from '@dpp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DELETED_DOMAIN, type Member } from '../my-data';

/**
 * The members tab's reads, in SQL by table name like the archive's (my-data.repository.ts): one paged query
 * with its count for the list, and bounded lists, newest first, for one member's page.
 */

type Row = Record<string, unknown>;

async function rows(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));

/** The throttle keys of an account: its e-mail, and its e-mail from one address (`email|ip`). */
const lockOf = (email: SQL) =>
  sql`(select max(l.locked_until) from identity_lockouts l
    where (l.account = ${email} or starts_with(l.account, ${email} || '|')) and l.locked_until > now())`;

/** One row per client record, with what the identity adds; the anonymised records of deleted accounts left out. */
const SUMMARY = sql`
  select c.id, c.email, c.plan_name, c.is_subscribed, c.is_appsumo_user, c.created_at, c.trial_end,
    c.digipremium, c.is_toolkit_user,
    u.id as user_id, coalesce(u.confirmed, false) as confirmed, u.sign_in_disabled_at,
    trim(coalesce(u.given_name, '') || ' ' || coalesce(u.family_name, '')) as name,
    exists (select 1 from client_authorities a where a.client_id = c.id and a.name = 'ROLE_ADMIN') as admin,
    ${lockOf(sql`c.email`)} as locked_until
  from clients c left join users u on u.email = c.email`;

const NOT_DELETED = sql`c.email not like ${`%${DELETED_DOMAIN}`}`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Filters = MemberListFilters;

function conditions(filters: Filters): SQL {
  const where: SQL[] = [NOT_DELETED];
  const yes = (flag: boolean, condition: SQL) => where.push(flag ? condition : sql`not ${condition}`);
  if (filters.q) {
    const pattern = likePattern(filters.q);
    // Each side on its own table, so that each uses its trigram index (an OR across the join would read every row).
    where.push(sql`c.id in (select id from clients where email ilike ${pattern}
      union select n.id from users nu join clients n on n.email = nu.email
        where (nu.given_name || ' ' || nu.family_name) ilike ${pattern})`);
  }
  if (filters.plan) where.push(sql`c.plan_name = ${filters.plan}`);
  if (filters.trial !== undefined) yes(filters.trial, sql`(c.is_subscribed = '1')`);
  if (filters.lifetime_deal !== undefined) yes(filters.lifetime_deal, sql`(c.is_appsumo_user)`);
  if (filters.admin !== undefined) {
    yes(
      filters.admin,
      sql`exists (select 1 from client_authorities a where a.client_id = c.id and a.name = 'ROLE_ADMIN')`,
    );
  }
  if (filters.locked !== undefined) yes(filters.locked, sql`(${lockOf(sql`c.email`)} is not null)`);
  return sql.join(where, sql` and `);
}

function toSummary(row: Row): MemberSummary {
  return {
    client_id: Number(row.id),
    email: String(row.email),
    name: String(row.name ?? ''),
    plan_name: String(row.plan_name),
    trial: row.is_subscribed === '1',
    admin: Boolean(row.admin),
    locked: row.locked_until !== null && row.locked_until !== undefined,
    lifetime_deal: Boolean(row.is_appsumo_user),
    has_account: row.user_id !== null && row.user_id !== undefined,
    verified: Boolean(row.confirmed),
    sign_in_disabled: row.sign_in_disabled_at !== null && row.sign_in_disabled_at !== undefined,
    created_at: iso(row.created_at),
  };
}

/** One page of the members matching the filters, newest first, and how many match in all. */
export async function listMembers(db: Database, filters: Filters, page: number, size: number) {
  const where = conditions(filters);
  const [found, [count]] = await Promise.all([
    rows(db, sql`${SUMMARY} where ${where} order by c.id desc limit ${size} offset ${(page - 1) * size}`),
    rows(db, sql`select count(*)::int as total from clients c left join users u on u.email = c.email where ${where}`),
  ]);
  return { members: found.map(toSummary), total: Number(count?.total ?? 0) };
}

/** One member's page; null when the client record does not exist (or is a deleted account's). */
export async function memberDetail(db: Database, member: Member): Promise<MemberDetail | null> {
  const [record] = await rows(db, sql`${SUMMARY} where c.id = ${member.clientId} and ${NOT_DELETED}`);
  if (!record) return null;
  const limit = MEMBER_PAGE_LIST_LIMIT;
  const client = member.clientId;
  const userId = member.userId ?? -1;
  const actors = member.username === '' ? [member.email] : [member.email, member.username];
  const [subscriptions, payments, purchases, aiPlans, uploads, aiUsage, sessions, events] = await Promise.all([
    rows(
      db,
      sql`select id, provider, plan_id, status, started_at, current_period_end, canceled_at
      from billing_subscriptions where client_id = ${client} order by id desc limit ${limit}`,
    ),
    rows(
      db,
      sql`select id, kind, amount_cents, created_at from billing_payments
      where client_id = ${client} order by id desc limit ${limit}`,
    ),
    rows(
      db,
      sql`select id, project_plan_id, provider, amount_cents, status, created_at from template_purchases
      where client_id = ${client} order by id desc limit ${limit}`,
    ),
    rows(
      db,
      sql`select id, title, updated_at from ai_plans where client_id = ${client}
      order by updated_at desc limit ${limit}`,
    ),
    rows(
      db,
      sql`select id, kind, status, created_at, finished_at from jobs
      where client_id = ${client} order by id desc limit ${limit}`,
    ),
    rows(
      db,
      sql`select period, tokens, requests from ai_usage where client_id = ${client}
      order by period desc limit ${limit}`,
    ),
    rows(
      db,
      sql`select id, user_agent, ip, created_at, last_seen_at, expires_at, revoked_at from sessions
      where user_id = ${userId} order by id desc limit ${limit}`,
    ),
    // What they did, and what administrators did to them (the members tab's actions name the client record).
    rows(
      db,
      sql`select id, at, action, outcome, actor_email, ip from audit_events
      where actor_email in (${sql.join(
        actors.map((a) => sql`${a}`),
        sql`, `,
      )}) or target->>'clientId' = ${String(client)}
      order by id desc limit ${limit}`,
    ),
  ]);
  return {
    member: {
      ...toSummary(record),
      subscription_state: (['', '1', '2'].includes(String(record.is_subscribed)) ? record.is_subscribed : '') as
        | ''
        | '1'
        | '2',
      trial_end: isoOrNull(record.trial_end),
      digipremium: Number(record.digipremium),
      toolkit: Boolean(record.is_toolkit_user),
      locked_until: isoOrNull(record.locked_until),
    },
    subscriptions: subscriptions.map((r) => ({
      id: Number(r.id),
      provider: String(r.provider),
      plan_id: Number(r.plan_id),
      status: String(r.status),
      started_at: iso(r.started_at),
      current_period_end: iso(r.current_period_end),
      canceled_at: isoOrNull(r.canceled_at),
    })),
    payments: payments.map((r) => ({
      id: Number(r.id),
      kind: String(r.kind),
      amount_cents: Number(r.amount_cents),
      created_at: iso(r.created_at),
    })),
    purchases: purchases.map((r) => ({
      id: Number(r.id),
      project_plan_id: Number(r.project_plan_id),
      provider: String(r.provider),
      amount_cents: Number(r.amount_cents),
      status: String(r.status),
      created_at: iso(r.created_at),
    })),
    ai_plans: aiPlans.map((r) => ({ id: Number(r.id), title: String(r.title), updated_at: iso(r.updated_at) })),
    uploads: uploads.map((r) => ({
      id: Number(r.id),
      kind: String(r.kind),
      status: String(r.status),
      created_at: iso(r.created_at),
      finished_at: isoOrNull(r.finished_at),
    })),
    ai_usage: aiUsage.map((r) => ({
      period: String(r.period),
      tokens: Number(r.tokens),
      requests: Number(r.requests),
    })),
    sessions: sessions.map((r) => ({
      id: Number(r.id),
      user_agent: String(r.user_agent),
      ip: String(r.ip),
      created_at: iso(r.created_at),
      last_seen_at: iso(r.last_seen_at),
      expires_at: iso(r.expires_at),
      revoked_at: isoOrNull(r.revoked_at),
    })),
    audit_events: events.map((r) => ({
      id: Number(r.id),
      at: iso(r.at),
      action: String(r.action),
      outcome: String(r.outcome),
      actor_email: r.actor_email === null ? null : String(r.actor_email),
      ip: String(r.ip),
    })),
  };
}
