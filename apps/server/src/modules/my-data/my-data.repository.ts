import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
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
      member_plan_sends: (m) => sql`select * from member_plan_sends where client_id = ${m.clientId}`,
      member_plan_progress: (m) =>
        sql`select p.* from member_plan_progress p join member_plan_sends s on s.member_plan_id = p.member_plan_id
          where s.client_id = ${m.clientId} order by p.member_plan_id, p.day`,
      ai_downloads: (m) =>
        sql`select d.id, d.plan_id, d.excel, d.expires_at from ai_downloads d join ai_plans p on p.id = d.plan_id
          where p.client_id = ${m.clientId}`,
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

/** The rows of one part, table by table. */
export async function readPart(db: Db, part: ExportPart, member: Member): Promise<Record<string, Row[]>> {
  const result: Record<string, Row[]> = {};
  for (const [table, query] of Object.entries(part.tables)) result[table] = await rows(db, query(member));
  return result;
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

/** The domain of the placeholder addresses of deleted members: `.invalid` can never receive mail (RFC 2606). */
export const DELETED_DOMAIN = '@deleted.invalid';

/** The placeholder that replaces the e-mail on the rows kept after a deletion (ADR 0034). */
export const deletedAddress = (clientId: number) => `deleted-${clientId}${DELETED_DOMAIN}`;

/**
 * Erases a member in one transaction (ADR 0034): deletes every row about them, anonymises the client record
 * and the spent lifetime-deal code that the kept billing rows and the code's single use need, and keeps the
 * billing rows. The identity goes with its codes, sessions, second factor and linked accounts (foreign keys).
 */
export async function eraseMember(tx: Tx, m: Member): Promise<void> {
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
    // Their sendings and burn-ups go with the copies (foreign keys).
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

export type ExportRow = typeof memberExports.$inferSelect;

export async function createExport(db: Db, values: { clientId: number; tokenHash: string; expiresAt: Date }) {
  const [row] = await db
    .insert(memberExports)
    .values({ ...values, partsTotal: EXPORT_PARTS.length })
    .returning();
  return row!;
}

export async function setExportJob(db: Db, id: number, jobId: number) {
  await db.update(memberExports).set({ jobId }).where(eq(memberExports.id, id));
}

export async function findExport(db: Db, id: number): Promise<ExportRow | null> {
  const [row] = await db.select().from(memberExports).where(eq(memberExports.id, id)).limit(1);
  return row ?? null;
}

export async function recordProgress(db: Db, id: number, partsDone: number) {
  await db.update(memberExports).set({ partsDone }).where(eq(memberExports.id, id));
}

export async function storeArchive(db: Db, id: number, archive: Buffer) {
  await db
    .update(memberExports)
    .set({ archive, partsDone: EXPORT_PARTS.length })
    .where(and(eq(memberExports.id, id), isNull(memberExports.downloadedAt)));
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
