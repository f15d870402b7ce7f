import { ERASED_MEMBER_DOMAIN } from '@dpp/shared';
import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { keepDepartedFacts } from '../insights';
import { memberExports } from './my-data.tables';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

/**
 * Everything that names one member: their identity (gone once deleted), their client record and their e-mail.
 *
 * This file is the one place, with db/schema.ts, that knows every table holding rows about a member: it reads
 * and erases them in SQL by table name, so that the export and the deletion stay one list each, and one
 * transaction. `my-data.test.ts` derives that set of tables from the schema and fails when a table referring
 * to members is missing here (ADR 0034).
 */
export interface Member {
  userId: number | null;
  clientId: number;
  /** Lower-cased, as identity and the client record store it. */
  email: string;
  /** The identity's username ('' without one): the audit log names the actor by it on some identity calls. */
  username: string;
}

export type Row = Record<string, unknown>;

async function rows(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The throttle's keys about this e-mail: the account, and the account from one address (`email|ip`). */
const throttleKeysOf = (email: string, column: SQL) =>
  sql`(${column} = ${email} or left(${column}, ${email.length + 1}) = ${`${email}|`})`;

/**
 * The member's jobs: uploads and archives name the client (the jobs' client_id column, copied from the payload),
 * the password-reset mail the e-mail; both indexed, so a member's jobs are found without reading every payload.
 */
const memberJobs = (m: Member) => sql`(client_id = ${m.clientId} or payload->>'email' = ${m.email})`;

const userId = (m: Member) => m.userId ?? -1;

/** Audit events name their actor by e-mail, or by username on the calls that send one (confirm-sign-up). */
const auditActor = (m: Member) =>
  m.username === '' ? sql`actor_email = ${m.email}` : sql`actor_email in (${m.email}, ${m.username})`;

/**
 * One part of the archive: a JSON file of one group of tables, each read with the columns the member may see.
 * Secrets are never selected: password hashes, code and token hashes, the task tools' tokens, TOTP secrets.
 */
export interface ExportPart {
  file: string;
  tables: Record<string, (m: Member) => SQL>;
}

export const EXPORT_PARTS: ExportPart[] = [
  {
    file: 'profile.json',
    tables: {
      users: (m) => sql`select id, username, email, confirmed, given_name, family_name, country_name, company_name,
        phone_number, address, first_login, appsumo_login, created_at, updated_at from users where id = ${userId(m)}`,
      identity_mfa: (m) => sql`select enabled_at, updated_at from identity_mfa where user_id = ${userId(m)}`,
      identity_oauth_accounts: (m) =>
        sql`select provider, subject, email, created_at from identity_oauth_accounts where user_id = ${userId(m)}`,
      identity_codes: (m) =>
        sql`select purpose, expires_at, used_at, created_at from identity_codes where user_id = ${userId(m)}`,
    },
  },
  {
    file: 'client-record.json',
    tables: {
      clients: (m) => sql`select * from clients where id = ${m.clientId}`,
      client_authorities: (m) => sql`select name from client_authorities where client_id = ${m.clientId}`,
      lifetime_deal_codes: (m) =>
        sql`select source, hint, imported_at, redeemed_at, claimed_email, claimed_at from lifetime_deal_codes
          where claimed_email = ${m.email} or client_id = ${m.clientId}`,
      crm_contact_flags: (m) => sql`select * from crm_contact_flags where email = ${m.email}`,
      crm_events: (m) => sql`select * from crm_events where email = ${m.email} order by id`,
    },
  },
  {
    file: 'plans.json',
    tables: {
      ai_plans: (m) => sql`select * from ai_plans where client_id = ${m.clientId} order by id`,
      ai_usage: (m) => sql`select * from ai_usage where client_id = ${m.clientId} order by period`,
      member_plans: (m) => sql`select * from member_plans where client_id = ${m.clientId} order by id`,
      member_plan_sends: (m) => sql`select * from member_plan_sends where client_id = ${m.clientId} order by id`,
      member_plan_progress: (m) =>
        sql`select p.* from member_plan_progress p join member_plan_sends s on s.id = p.send_id
          where s.client_id = ${m.clientId} order by p.send_id, p.day`,
      ai_downloads: (m) =>
        sql`select d.id, d.plan_id, d.excel, d.expires_at from ai_downloads d join ai_plans p on p.id = d.plan_id
          where p.client_id = ${m.clientId}`,
    },
  },
  {
    file: 'team.json',
    tables: {
      // The member's teammates, and the teams they are in; the invitations they sent and the one they accepted
      // (never the link's secret).
      teammates: (m) =>
        sql`select * from teammates where owner_client_id = ${m.clientId} or teammate_client_id = ${m.clientId}
          order by created_at`,
      team_invitations: (m) =>
        sql`select id, owner_client_id, name, email, expires_at, accepted_at, accepted_by, created_at
          from team_invitations where owner_client_id = ${m.clientId} or accepted_by = ${m.clientId} order by id`,
      // Access given on their copies, and given to them on others'.
      member_plan_access: (m) =>
        sql`select a.* from member_plan_access a join member_plans p on p.id = a.member_plan_id
          where p.client_id = ${m.clientId} or a.teammate_client_id = ${m.clientId}
          order by a.member_plan_id, a.teammate_client_id`,
    },
  },
  {
    file: 'uploads.json',
    tables: {
      jobs: (m) =>
        sql`select id, kind, status, attempts, payload, result, error, created_at, finished_at from jobs
          where ${memberJobs(m)} order by id`,
      upload_items: (m) =>
        sql`select i.job_id, i.item_key, i.remote_id, i.created_at from upload_items i join jobs j on j.id = i.job_id
          where j.client_id = ${m.clientId}`,
      upload_feedback: (m) => sql`select * from upload_feedback where client_id = ${m.clientId} order by id`,
      task_tool_connections: (m) =>
        sql`select id, tool, account_email, account_id, expires_at, created_at, updated_at from task_tool_connections
          where client_id = ${m.clientId}`,
      oauth_states: (m) =>
        sql`select tool, expires_at, used_at, created_at from oauth_states where client_id = ${m.clientId}`,
      uploads: (m) =>
        sql`select key, base_name, original_name, kind, content_type, size, created_at, stored_at from uploads
          where created_by = ${m.email}`,
    },
  },
  {
    file: 'sessions.json',
    tables: {
      sessions: (m) =>
        sql`select id, user_agent, ip, created_at, last_seen_at, expires_at, revoked_at from sessions
          where user_id = ${userId(m)} order by id`,
      identity_failures: (m) =>
        sql`select account, failed_at from identity_failures where ${throttleKeysOf(m.email, sql`account`)}`,
      identity_lockouts: (m) =>
        sql`select account, locked_until from identity_lockouts where ${throttleKeysOf(m.email, sql`account`)}`,
    },
  },
  {
    file: 'billing.json',
    tables: {
      billing_customers: (m) =>
        sql`select provider, provider_customer_id, created_at from billing_customers where client_id = ${m.clientId}`,
      billing_subscriptions: (m) => sql`select * from billing_subscriptions where client_id = ${m.clientId}`,
      billing_payments: (m) => sql`select * from billing_payments where client_id = ${m.clientId}`,
      template_purchases: (m) => sql`select * from template_purchases where client_id = ${m.clientId}`,
    },
  },
  {
    file: 'audit-events.json',
    tables: {
      audit_events: (m) => sql`select * from audit_events where ${auditActor(m)} order by id`,
    },
  },
  {
    file: 'mail.json',
    tables: {
      // Bodies are left out: they held single-use codes and links.
      mail_outbox: (m) =>
        sql`select id, subject, status, created_at, sent_at from mail_outbox
          where "to" = ${m.email} or reply_to = ${m.email} order by id`,
    },
  },
  {
    file: 'archives.json',
    tables: {
      member_exports: (m) =>
        sql`select id, created_at, expires_at, downloaded_at from member_exports where client_id = ${m.clientId}`,
    },
  },
];

/**
 * The rows of one part, table by table, each as the JSON text the database writes of them: the event loop only
 * carries the text to the worker thread that parses and indents it (my-data.archive.ts, ADR 0040).
 */
export async function readPartJson(
  db: Db,
  part: ExportPart,
  member: Member,
): Promise<{ name: string; rowsJson: string }[]> {
  const tables: { name: string; rowsJson: string }[] = [];
  for (const [name, query] of Object.entries(part.tables)) {
    const [found] = await rows(
      db,
      sql`select coalesce(json_agg(r), '[]'::json)::text as rows_json from (${query(member)}) r`,
    );
    tables.push({ name, rowsJson: String(found!.rows_json) });
  }
  return tables;
}

/** The member a client record belongs to, with their identity when they still have one. */
export async function memberOfClient(db: Db, clientId: number): Promise<Member | null> {
  const [found] = await rows(
    db,
    sql`select c.id as client_id, c.email, u.id as user_id, coalesce(u.username::text, c.username) as username
      from clients c left join users u on u.email = c.email where c.id = ${clientId}`,
  );
  if (!found) return null;
  return {
    clientId: Number(found.client_id),
    email: String(found.email),
    userId: (found.user_id as number) ?? null,
    username: String(found.username ?? ''),
  };
}

/**
 * The domain of the placeholder addresses of deleted members: `.invalid` can never receive mail (RFC 2606), and
 * no account may have such an address (ERASED_MEMBER_DOMAIN: sign-up, social sign-in and the users table refuse it).
 */
export const DELETED_DOMAIN = `@${ERASED_MEMBER_DOMAIN}`;

/** The placeholder that replaces the e-mail on the rows kept after a deletion (ADR 0034). */
export const deletedAddress = (clientId: number) => `deleted-${clientId}${DELETED_DOMAIN}`;

/**
 * Sets to null every task's assignee_id naming the client, in every copy, each task's other fields and order kept.
 * The copies are rewritten in SQL, as the rest of the deletion is (a copy holding none is not touched).
 */
const unassignEverywhere = (clientId: number): SQL => sql`update member_plans set
    plan = jsonb_set(plan, '{sections}', (
      select jsonb_agg(jsonb_set(s, '{tasks}', (
        select coalesce(jsonb_agg(case when t->'assignee_id' = to_jsonb(${clientId}::int)
          then jsonb_set(t, '{assignee_id}', 'null'::jsonb) else t end order by ti), '[]'::jsonb)
        from jsonb_array_elements(s->'tasks') with ordinality as x(t, ti))) order by si)
      from jsonb_array_elements(plan->'sections') with ordinality as y(s, si))),
    version = version + 1, updated_at = now()
  where client_id <> ${clientId}
    and jsonb_path_exists(plan, '$.sections[*].tasks[*] ? (@.assignee_id == $id)', jsonb_build_object('id', ${clientId}::int))`;

/**
 * Erases a member in one transaction (ADR 0034): deletes every row about them, anonymises the client record
 * and the spent lifetime-deal code that the kept billing rows and the code's single use need, and keeps the
 * billing rows and, for the insights, the anonymised facts of the past (ADR 0035). The identity goes with its codes, sessions, second factor and linked accounts (foreign keys).
 */
export async function eraseMember(tx: Tx, m: Member): Promise<void> {
  // Read before the rows go: the figures of the past keep counting the member, without naming them.
  await keepDepartedFacts(tx, m);
  const placeholder = deletedAddress(m.clientId);
  const statements: SQL[] = [
    sql`delete from users where id = ${userId(m)} or email = ${m.email}`,
    sql`delete from identity_failures where ${throttleKeysOf(m.email, sql`account`)}`,
    sql`delete from identity_lockouts where ${throttleKeysOf(m.email, sql`account`)}`,
    sql`delete from client_authorities where client_id = ${m.clientId}`,
    sql`delete from task_tool_connections where client_id = ${m.clientId}`,
    sql`delete from oauth_states where client_id = ${m.clientId}`,
    sql`delete from upload_feedback where client_id = ${m.clientId}`,
    // Their upload ledger goes with the jobs (foreign key).
    sql`delete from jobs where ${memberJobs(m)}`,
    sql`delete from ai_plans where client_id = ${m.clientId}`,
    sql`delete from ai_usage where client_id = ${m.clientId}`,
    // Their tasks in other members' copies are unassigned, never deleted (the owner text stays), and those copies
    // take a new version, as a teammate's removal does (ADR 0052).
    unassignEverywhere(m.clientId),
    sql`delete from member_plan_access where teammate_client_id = ${m.clientId}`,
    sql`delete from teammates where owner_client_id = ${m.clientId} or teammate_client_id = ${m.clientId}`,
    sql`delete from team_invitations where owner_client_id = ${m.clientId} or accepted_by = ${m.clientId}
      or email = ${m.email}`,
    // Their sendings, burn-ups and teammates' access go with the copies (foreign keys).
    sql`delete from member_plans where client_id = ${m.clientId}`,
    sql`delete from billing_customers where client_id = ${m.clientId}`,
    sql`delete from member_exports where client_id = ${m.clientId}`,
    sql`delete from crm_events where email = ${m.email}`,
    sql`delete from crm_contact_flags where email = ${m.email}`,
    sql`delete from mail_outbox where "to" = ${m.email} or reply_to = ${m.email}`,
    // Security events stay counted, without who or from where.
    sql`update audit_events set actor_email = null, ip = '' where ${auditActor(m)}`,
    // Product files an administrator uploaded stay in the catalogue, without their name.
    sql`update uploads set created_by = ${placeholder} where created_by = ${m.email}`,
    // A spent code stays spent: claimed by the placeholder, so it cannot be claimed again.
    sql`update lifetime_deal_codes set claimed_email = ${placeholder} where claimed_email = ${m.email}`,
    sql`update clients set email = ${placeholder}, username = '', is_subscribed = '', has_used_free_trial = false,
      plan_name = '', digipremium = 0, is_appsumo_user = false, is_toolkit_user = false, trial_start = null,
      trial_end = null, appsumo_code = '', first_name_appsumo = '', last_name_appsumo = ''
      where id = ${m.clientId}`,
  ];
  for (const statement of statements) await tx.execute(statement);
}

// ---- The archives themselves -------------------------------------------------------------------------------

/** An archive's row without its bytes, which only the download reads (takeArchive): `ready` says they are there. */
export type ExportRow = Omit<typeof memberExports.$inferSelect, 'archive'> & { ready: boolean };

/** How far back the archives a member asked for count toward the day's (MEMBER_BUDGETS.EXPORTS_PER_DAY). */
const EXPORT_DAY = sql`interval '24 hours'`;

/**
 * Starts an archive when the member's budget allows it, in one statement: none of theirs is being built (the
 * partial unique index refuses a second at the same moment, on any instance) and fewer than `perDay` were asked
 * for in the last 24 hours. Null when refused; `exportRefusal` then says why.
 */
export async function startExport(
  db: Db,
  values: { clientId: number; tokenHash: string; expiresAt: Date; perDay: number },
): Promise<ExportRow | null> {
  const { clientId, tokenHash, expiresAt, perDay } = values;
  const [row] = await rows(
    db,
    sql`insert into member_exports (client_id, token_hash, expires_at, parts_total, building_since)
      select ${clientId}, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz, ${EXPORT_PARTS.length}, now()
      where (select count(*) from member_exports
        where client_id = ${clientId} and created_at > now() - ${EXPORT_DAY}) < ${perDay}
      on conflict (client_id) where building_since is not null do nothing
      returning id`,
  );
  return row ? findExport(db, Number(row.id)) : null;
}

/**
 * Why the member may not start an archive now, and in how many seconds they may: one is being built, or the
 * day's are used up (the oldest of them leaves the 24 hours first). Null when nothing stands in the way.
 */
export async function exportRefusal(
  db: Db,
  clientId: number,
  perDay: number,
): Promise<{ reason: 'building' | 'per-day'; retryAfterSeconds: number } | null> {
  const [found] = await rows(
    db,
    sql`select
        exists (select 1 from member_exports where client_id = ${clientId} and building_since is not null) as building,
        (select extract(epoch from (created_at + ${EXPORT_DAY} - now())) from member_exports
          where client_id = ${clientId} and created_at > now() - ${EXPORT_DAY}
          order by created_at desc offset ${perDay - 1} limit 1) as day_frees_in`,
  );
  if (found?.building) return { reason: 'building', retryAfterSeconds: 10 };
  if (found?.day_frees_in !== null && found?.day_frees_in !== undefined) {
    return { reason: 'per-day', retryAfterSeconds: Math.max(1, Math.ceil(Number(found.day_frees_in))) };
  }
  return null;
}

export async function setExportJob(db: Db, id: number, jobId: number) {
  await db.update(memberExports).set({ jobId }).where(eq(memberExports.id, id));
}

export async function findExport(db: Db, id: number): Promise<ExportRow | null> {
  // Followed every half second while the archive is built: the status never carries the zip itself.
  const { archive: _bytes, ...columns } = getTableColumns(memberExports);
  const [row] = await db
    .select({ ...columns, ready: sql<boolean>`${memberExports.archive} is not null` })
    .from(memberExports)
    .where(eq(memberExports.id, id))
    .limit(1);
  return row ?? null;
}

export async function recordProgress(db: Db, id: number, partsDone: number) {
  await db.update(memberExports).set({ partsDone }).where(eq(memberExports.id, id));
}

export async function storeArchive(db: Db, id: number, archive: Buffer) {
  await db
    .update(memberExports)
    .set({ archive, partsDone: EXPORT_PARTS.length, buildingSince: null })
    .where(and(eq(memberExports.id, id), isNull(memberExports.downloadedAt)));
}

/** The archive's job failed for good: it is no longer being built, and the member may ask for another. */
export async function stopBuilding(db: Db, id: number) {
  await db.update(memberExports).set({ buildingSince: null }).where(eq(memberExports.id, id));
}

/** How long a row stays once its archive is gone: past the day it counts toward, and a little more. */
const EXPORT_ROW_KEPT = sql`interval '7 days'`;

/**
 * The sweep (my-data.service.ts schedules it): archives whose hour is over are emptied, downloaded or not; a
 * build still marked under way past that hour (its instance died) no longer blocks the member; rows past the
 * days they count toward go. Answers how many archives it emptied.
 */
export async function sweepExports(db: Db): Promise<number> {
  const emptied = await rows(
    db,
    sql`update member_exports set archive = null, building_since = null
      where expires_at <= now() and (archive is not null or building_since is not null) returning id`,
  );
  await db.execute(sql`delete from member_exports where created_at < now() - ${EXPORT_ROW_KEPT}`);
  return emptied.length;
}

/**
 * Takes the archive out once: marks it downloaded and empties it in the same statement, so that two requests
 * at once get it once. Null when it was already taken.
 */
export async function takeArchive(db: Db, id: number): Promise<Buffer | null> {
  const [row] = await rows(
    db,
    sql`update member_exports x set downloaded_at = now(), archive = null
      from (select id, archive from member_exports where id = ${id} and downloaded_at is null
        and archive is not null for update) old
      where x.id = old.id returning old.archive`,
  );
  if (!row?.archive) return null;
  return Buffer.from(row.archive as Uint8Array);
}
