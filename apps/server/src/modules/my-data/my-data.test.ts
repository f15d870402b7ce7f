import { AUTH_MESSAGES, MEMBER_BUDGETS, MY_DATA_MESSAGES, SECURITY_MESSAGES } from '@dpp/shared';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable, PgTable as PgTableClass } from 'drizzle-orm/pg-core';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticator } from '../../../test/authenticator';
import {
  buildTestApp,
  GOOD_CARD,
  PASSWORD,
  signedInMember,
  signedInUser,
  type TestContext,
} from '../../../test/helpers';
import * as schema from '../../db/schema';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, grantAuthority } from '../clients/clients.repository';
import { UPLOAD_JOB_KIND } from '../integrations/integrations.service';
import { waitForJob } from '../jobs/jobs.service';
import { deletedAddress, EXPORT_PARTS } from './my-data.repository';

// ---------------------------------------------------------------------------------------------------------
// Which tables hold rows about a member, derived from the Drizzle schema. The rule (ADR 0034):
//  1. a foreign key to the identity table (users) or the client record (clients), or to a table that the rule
//     already took in (so ai_downloads through ai_plans, upload_items through jobs);
//  2. a column that holds a member's id or address by name: user_id, client_id, username, session_id, email or
//     any *_email, the throttle's `account`, an uploaded file's `created_by`, a mail's `to` and `reply_to`;
//  3. by hand, what no column shows: jobs, whose JSON payload names the client (uploads, archives) or the e-mail
//     (password-reset mail).
// Every table the rule finds must be in HANDLED, and nothing else: a new table about members fails here until
// the export and the deletion (my-data.repository.ts) handle it, and it is added below.

const MEMBER_COLUMNS = new Set([
  'user_id',
  'client_id',
  'username',
  'session_id',
  'email',
  'account',
  'created_by',
  'to',
  'reply_to',
]);
const MEMBER_TABLES = new Set(['users', 'clients']);
const BY_HAND = ['jobs'];

type Treatment =
  /** Every row about the member is deleted. */
  | 'erased'
  /** Rows stay with the member's name, e-mail and address replaced (ADR 0034). */
  | 'anonymised'
  /** Invoice records: kept as they are, pointing at the anonymised client record (ADR 0034). */
  | 'kept for invoices'
  /** The state of an outside service a stand-in plays (the card provider, a task tool, a sign-in provider). */
  | 'outside service';

const HANDLED: Record<string, Treatment> = {
  users: 'erased',
  identity_codes: 'erased',
  sessions: 'erased',
  identity_mfa: 'erased',
  identity_oauth_accounts: 'erased',
  identity_failures: 'erased',
  identity_lockouts: 'erased',
  client_authorities: 'erased',
  task_tool_connections: 'erased',
  oauth_states: 'erased',
  upload_feedback: 'erased',
  upload_items: 'erased',
  jobs: 'erased',
  ai_plans: 'erased',
  ai_usage: 'erased',
  member_plans: 'erased',
  member_plan_sends: 'erased',
  member_plan_progress: 'erased',
  member_plan_access: 'erased',
  teammates: 'erased',
  team_invitations: 'erased',
  ai_downloads: 'erased',
  billing_customers: 'erased',
  member_exports: 'erased',
  crm_events: 'erased',
  crm_contact_flags: 'erased',
  mail_outbox: 'erased',
  clients: 'anonymised',
  audit_events: 'anonymised',
  uploads: 'anonymised',
  lifetime_deal_codes: 'anonymised',
  billing_subscriptions: 'kept for invoices',
  billing_payments: 'kept for invoices',
  template_purchases: 'kept for invoices',
  local_card_customers: 'outside service',
  sandbox_accounts: 'outside service',
  sandbox_objects: 'outside service',
  sandbox_grants: 'outside service',
  // Its client_id is the OAuth application's, its email the person's at Google or Facebook.
  sandbox_oauth_grants: 'outside service',
};

/** Every table of the schema, as Drizzle describes it. */
const schemaTables = () =>
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTableClass))
    .map((table) => getTableConfig(table));

function memberTables(): string[] {
  const tables = schemaTables();
  const found = new Set<string>(BY_HAND);
  for (const t of tables) {
    if (t.columns.some((c) => MEMBER_COLUMNS.has(c.name) || c.name.endsWith('_email'))) found.add(t.name);
  }
  // Foreign keys, until nothing new is found.
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of tables) {
      if (found.has(t.name) || MEMBER_TABLES.has(t.name)) {
        if (MEMBER_TABLES.has(t.name) && !found.has(t.name)) {
          found.add(t.name);
          grew = true;
        }
        continue;
      }
      const targets = t.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name);
      if (targets.some((name) => MEMBER_TABLES.has(name) || found.has(name))) {
        found.add(t.name);
        grew = true;
      }
    }
  }
  return [...found].sort();
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

type Auth = Record<string, string>;
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await ctx.app.db.execute(query)) as unknown as { rows: T[] }).rows;
const inject = (method: 'GET' | 'POST', url: string, headers: Auth = {}, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload && { payload }) });

/** A member with a subscription at the local card provider and a row in every table the rule finds. */
async function fullMember(email: string) {
  const session = await signedInUser(ctx.app, email);
  const { id: clientId } = await ensureClient(ctx.app.db, email);
  const [user] = await rows<{ id: number }>(sql`select id from users where email = ${email}`);
  const userId = user!.id;
  const post = (url: string, payload: object) => inject('POST', url, session.auth, payload);
  // A paid subscription, through the card form's steps.
  const intent = await post('/api/stripe/create-setup-intent', {
    price_id: 'price_dpp_growth_monthly',
    client_id: clientId,
    subscription_type: 'month',
  });
  const { client_secret, setup_intent_id } = intent.json() as { client_secret: string; setup_intent_id: string };
  await inject('POST', `/sandbox/cards/setup-intents/${setup_intent_id}/confirm`, {}, { client_secret, ...GOOD_CARD });
  const sub = await post('/api/stripe/create-subscription', {
    setup_intent_id,
    client_id: clientId,
    price_id: 'price_dpp_growth_monthly',
  });
  expect(sub.statusCode, sub.body).toBe(200);
  const statements = [
    sql`insert into identity_mfa (user_id, secret_encrypted) values (${userId}, 'encrypted-secret')`,
    sql`insert into identity_oauth_accounts (user_id, provider, subject, email) values (${userId}, 'google', ${`g-${userId}`}, ${email})`,
    sql`insert into identity_failures (account) values (${email})`,
    sql`insert into identity_lockouts (account, locked_until) values (${`${email}|10.9.8.7`}, now() - interval '1 day')`,
    sql`insert into client_authorities (client_id, name) values (${clientId}, 'ROLE_MEMBER')`,
    sql`insert into task_tool_connections (client_id, tool, handle_hash, access_token, refresh_token, account_email)
      values (${clientId}, 'asana', ${`handle-${clientId}`}, 'access-token-secret', 'refresh-token-secret', ${email})`,
    sql`insert into oauth_states (state_hash, session_id, client_id, tool, code_verifier, expires_at)
      values (${`state-${clientId}`}, 1, ${clientId}, 'asana', 'verifier-secret', now() + interval '5 minutes')`,
    sql`insert into jobs (kind, payload, status) values (${UPLOAD_JOB_KIND}, ${JSON.stringify({ clientId, planId: '1' })}::jsonb, 'succeeded')`,
    sql`insert into upload_items (job_id, item_key, remote_id) select max(id), 'project', 'remote-1' from jobs`,
    sql`insert into upload_feedback (client_id, job_id, rating, comment) select ${clientId}, max(id), 5, 'Great' from jobs`,
    sql`insert into ai_plans (client_id, title, goal) values (${clientId}, 'My AI plan', 'Grow')`,
    sql`insert into ai_downloads (token_hash, plan_id, excel, expires_at)
      select ${`dl-${clientId}`}, max(id), false, now() + interval '1 hour' from ai_plans`,
    sql`insert into ai_usage (client_id, period, tokens, requests) values (${clientId}, '2026-01', 1200, 3)`,
    sql`insert into member_plans (client_id, name, source_kind, source_id, plan)
      values (${clientId}, 'My copy', 'template', 1, '{"start_date":null,"sections":[]}'::jsonb)`,
    sql`insert into member_plan_sends (member_plan_id, client_id, tool, project_id, sent_at, tasks, next_read_at)
      select max(id), ${clientId}, 'asana', 'remote-project', now(), '[]'::jsonb, now() from member_plans
      where client_id = ${clientId}`,
    sql`insert into member_plan_progress (send_id, member_plan_id, day, done, total)
      select id, member_plan_id, current_date, 1, 3 from member_plan_sends where client_id = ${clientId}`,
    // In another member's team (invited and accepted), and sharing their own copy with that member.
    sql`insert into clients (email) values (${`team-owner-${clientId}@example.com`})`,
    sql`insert into teammates (owner_client_id, teammate_client_id, name, email)
      select id, ${clientId}, 'Me', ${email} from clients where email = ${`team-owner-${clientId}@example.com`}`,
    sql`insert into team_invitations (owner_client_id, name, email, token_hash, expires_at, accepted_at, accepted_by)
      select id, 'Me', ${email}, ${`invitation-${clientId}`}, now() + interval '7 days', now(), ${clientId}
      from clients where email = ${`team-owner-${clientId}@example.com`}`,
    sql`insert into member_plan_access (member_plan_id, teammate_client_id, role)
      select (select max(id) from member_plans where client_id = ${clientId}), id, 'viewer'
      from clients where email = ${`team-owner-${clientId}@example.com`}`,
    sql`insert into billing_payments (client_id, provider_reference, kind, amount_cents)
      values (${clientId}, ${`pi_${clientId}`}, 'payment_intent', 2900)`,
    sql`insert into template_purchases (client_id, project_plan_id, provider, order_id, amount_cents, status)
      select ${clientId}, min(id), 'local', ${`ORDER-${clientId}`}, 4900, 'COMPLETED' from project_plans`,
    sql`insert into crm_events (email, kind, detail) values (${email}, 'contact_created', '{}'::jsonb)`,
    sql`insert into crm_contact_flags (email, toolkit) values (${email}, true)`,
    sql`insert into lifetime_deal_codes (code_hash, hint, redeemed_at, claimed_email, claimed_at, client_id)
      values (${`ltd-${clientId}`}, '0001', now(), ${email}, now(), ${clientId})`,
    sql`insert into uploads (key, base_name, original_name, kind, content_type, created_by, expires_at)
      values (${`file-${clientId}.png`}, ${`file-${clientId}`}, 'a.png', 'image', 'image/png', ${email}, now())`,
  ];
  for (const statement of statements) await ctx.app.db.execute(statement);
  return { ...session, email, clientId, userId };
}

/** Requests an archive, runs its job and answers what the route answered. */
async function archiveFor(auth: Auth) {
  const started = await inject('POST', '/api/my-data/exports', auth);
  expect(started.statusCode, started.body).toBe(202);
  const body = started.json() as { export_id: number; job_id: number; token: string; expires_at: number };
  // The limit is for a job that hangs: on a busy machine an archive takes well over ten seconds.
  expect((await waitForJob(ctx.app.db, body.job_id, 60_000, 20))?.status).toBe('succeeded');
  return body;
}

const download = (auth: Auth, exportId: number, token: string) =>
  inject('GET', `/api/my-data/exports/${exportId}/archive`, { ...auth, 'x-download-token': token });

/**
 * A refused deletion deleted nothing: the same rows name the member as before (a failed attempt is counted by the
 * sign-in throttle, and audited), and their session still answers.
 */
async function expectNothingDeleted(
  m: { email: string; clientId: number; userId: number; username: string; auth: Auth },
  before: Record<string, number>,
) {
  const after = await rowsNaming(m);
  expect({ ...after, identity_failures: 0, audit_events: 0 }).toEqual({
    ...before,
    identity_failures: 0,
    audit_events: 0,
  });
  expect((await inject('GET', '/api/identity/current-user', m.auth)).statusCode).toBe(200);
}

/** Rows of each handled table that still name the member by a member column (the rule's columns). */
async function rowsNaming(m: { email: string; clientId: number; userId: number; username: string }) {
  const tables = schemaTables();
  const left: Record<string, number> = {};
  for (const t of tables) {
    if (!(t.name in HANDLED) || HANDLED[t.name] === 'outside service') continue;
    // The whole row as text holds the e-mail or the username anywhere (a JSON payload too)?
    const [byText] = await rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(t.name)} r
        where position(${m.email} in r::text) > 0 or position(${m.username} in r::text) > 0`,
    );
    let n = byText!.n;
    const ids = t.columns.filter((c) => c.name === 'user_id' || c.name === 'client_id');
    for (const c of ids) {
      const id = c.name === 'user_id' ? m.userId : m.clientId;
      const [byId] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(t.name)} where ${sql.identifier(c.name)} = ${id}`,
      );
      n += byId!.n;
    }
    if (t.name === 'jobs') {
      const [byPayload] = await rows<{ n: number }>(
        sql`select count(*)::int as n from jobs where payload->>'clientId' = ${String(m.clientId)}`,
      );
      n += byPayload!.n;
    }
    if (t.name === 'users' || t.name === 'clients') {
      const [own] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(t.name)} where id = ${t.name === 'users' ? m.userId : m.clientId}`,
      );
      n += own!.n;
    }
    if (n > 0) left[t.name] = n;
  }
  return left;
}

describe('the tables about a member', () => {
  it('are exactly the handled ones: a new table referring to members fails here until it is handled', () => {
    expect(memberTables()).toEqual(Object.keys(HANDLED).sort());
  });

  it('are each read by the archive, except the outside services’ state', () => {
    const exported = EXPORT_PARTS.flatMap((part) => Object.keys(part.tables)).sort();
    const ours = Object.entries(HANDLED)
      .filter(([, treatment]) => treatment !== 'outside service')
      .map(([table]) => table)
      .sort();
    expect(exported).toEqual(ours);
  });

  it('each hold the member’s rows in the archive, and none after the deletion but the invoice records', async () => {
    const m = await fullMember('whole-member@example.com');
    // An archive asked for earlier: member_exports holds a row about them too.
    await archiveFor(m.auth);
    const { export_id, token } = await archiveFor(m.auth);
    const res = await download(m.auth, export_id, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const readme = await zip.file('README.txt')!.async('string');
    expect(readme).toContain('password hashes');
    expect(readme).toContain('TOTP');
    const parts: Record<string, Record<string, unknown>[]> = {};
    for (const part of EXPORT_PARTS) {
      Object.assign(parts, JSON.parse(await zip.file(part.file)!.async('string')));
    }
    const empty = Object.entries(parts)
      .filter(([, list]) => list.length === 0)
      .map(([table]) => table);
    expect(empty).toEqual([]);
    const text = JSON.stringify(parts);
    expect(text).toContain(m.email);
    for (const secret of ['password_hash', 'token_hash', 'code_hash', 'access-token-secret', 'refresh-token-secret']) {
      expect(text).not.toContain(secret);
    }
    for (const secret of ['encrypted-secret', 'verifier-secret', 'handle_hash', 'secret_encrypted', m.token]) {
      expect(text).not.toContain(secret);
    }

    const before = await rowsNaming(m);
    expect(Object.keys(before).sort()).toEqual(
      Object.entries(HANDLED)
        .filter(
          ([table, t]) =>
            t !== 'outside service' &&
            !['ai_downloads', 'upload_items', 'member_plan_progress', 'member_plan_access'].includes(table),
        )
        .map(([table]) => table)
        .sort(),
    );
    const deleted = await inject('POST', '/api/my-data/delete-account', m.auth, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rowsNaming(m)).toEqual({
      // The invoice records, and the anonymised client record they point at (ADR 0034).
      billing_subscriptions: 1,
      billing_payments: 1,
      template_purchases: 1,
      clients: 1,
      lifetime_deal_codes: 1,
    });
    const [client] = await rows<{ email: string; username: string; plan_name: string }>(
      sql`select email, username, plan_name from clients where id = ${m.clientId}`,
    );
    expect(client).toEqual({ email: deletedAddress(m.clientId), username: '', plan_name: '' });
    const [ended] = await rows<{ status: string }>(
      sql`select status from billing_subscriptions where client_id = ${m.clientId}`,
    );
    expect(ended!.status).toBe('canceled');
    // The child rows went with their parents.
    expect(await rows(sql`select 1 from ai_downloads where token_hash = ${`dl-${m.clientId}`}`)).toEqual([]);
    expect(await rows(sql`select 1 from upload_items where remote_id = 'remote-1'`)).toEqual([]);
  });
});

describe('the routes of my data', () => {
  // The 404 (no client record) and the caller-only rule of every route: plugins/auth.test.ts.
  it('each answer 401 without a session', async () => {
    const calls: ['GET' | 'POST', string, Auth, object?][] = [
      ['POST', '/api/my-data/exports', {}],
      ['GET', '/api/my-data/exports/1', {}],
      ['GET', '/api/my-data/exports/1/archive', { 'x-download-token': 'token' }],
      ['GET', '/api/my-data/account-deletion', {}],
      ['POST', '/api/my-data/delete-account', {}, { password: PASSWORD }],
    ];
    for (const [method, url, headers, body] of calls) {
      const res = await inject(method, url, headers, body);
      expect([res.statusCode, res.json().error.code], url).toEqual([401, 'UNAUTHENTICATED']);
    }
  });
});

describe('download my data', () => {
  it('is a job with progress, then a link that works once, for its owner only', async () => {
    const owner = await signedInUser(ctx.app, 'archive-owner@example.com');
    await ensureClient(ctx.app.db, 'archive-owner@example.com');
    const other = await signedInUser(ctx.app, 'archive-other@example.com');
    await ensureClient(ctx.app.db, 'archive-other@example.com');
    const { export_id, token } = await archiveFor(owner.auth);

    const status = await inject('GET', `/api/my-data/exports/${export_id}`, owner.auth);
    expect(status.json()).toMatchObject({ state: 'succeeded', done: EXPORT_PARTS.length, total: EXPORT_PARTS.length });
    expect(status.json().ready).toBe(true);
    // Someone else, even with the token: refused, and the archive is still there.
    expect((await inject('GET', `/api/my-data/exports/${export_id}`, other.auth)).statusCode).toBe(403);
    expect((await download(other.auth, export_id, token)).statusCode).toBe(403);
    expect((await download({}, export_id, token)).statusCode).toBe(401);
    const wrong = await download(owner.auth, export_id, 'not-the-token');
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([403, MY_DATA_MESSAGES.LINK_WRONG]);
    expect((await download(owner.auth, 999_999, token)).statusCode).toBe(404);

    const first = await download(owner.auth, export_id, token);
    expect(first.statusCode).toBe(200);
    const profile = JSON.parse(await (await JSZip.loadAsync(first.rawPayload)).file('profile.json')!.async('string'));
    expect(profile.users[0].email).toBe('archive-owner@example.com');
    const second = await download(owner.auth, export_id, token);
    expect([second.statusCode, second.json().error.message]).toEqual([409, MY_DATA_MESSAGES.LINK_USED]);
    expect((await inject('GET', `/api/my-data/exports/${export_id}`, owner.auth)).json()).toMatchObject({
      ready: false,
      downloaded: true,
    });
    const [stored] = await rows<{ archive: unknown; token_hash: string }>(
      sql`select archive, token_hash from member_exports where id = ${export_id}`,
    );
    expect(stored!.archive).toBeNull();
    expect(stored!.token_hash).not.toBe(token);

    const actions = await rows<{ action: string; outcome: string }>(
      sql`select action, outcome from audit_events where actor_email = 'archive-owner@example.com'
        and action like 'my-data.%' order by id`,
    );
    expect(actions).toEqual([
      { action: 'my-data.export-requested', outcome: 'success' },
      { action: 'my-data.export-downloaded', outcome: 'failure' },
      { action: 'my-data.export-downloaded', outcome: 'failure' },
      { action: 'my-data.export-downloaded', outcome: 'success' },
      { action: 'my-data.export-downloaded', outcome: 'failure' },
    ]);
  });

  it('stops working after an hour', async () => {
    const owner = await signedInUser(ctx.app, 'archive-late@example.com');
    await ensureClient(ctx.app.db, 'archive-late@example.com');
    const { export_id, token } = await archiveFor(owner.auth);
    await ctx.app.db.execute(
      sql`update member_exports set expires_at = now() - interval '1 second' where id = ${export_id}`,
    );
    const late = await download(owner.auth, export_id, token);
    expect([late.statusCode, late.json().error.message]).toEqual([409, MY_DATA_MESSAGES.LINK_EXPIRED]);
  });
});

describe('delete my account', () => {
  it('asks for the password: a wrong one deletes nothing and says so', async () => {
    const m = await fullMember('wrong-password@example.com');
    const info = await inject('GET', '/api/my-data/account-deletion', m.auth);
    expect(info.json()).toEqual({ confirm_with: 'password' });
    const before = await rowsNaming(m);
    const wrong = await inject('POST', '/api/my-data/delete-account', m.auth, { password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(MY_DATA_MESSAGES.WRONG_PASSWORD);
    const none = await inject('POST', '/api/my-data/delete-account', m.auth, {});
    expect(none.statusCode).toBe(400);
    await expectNothingDeleted(m, before);
    const [sub] = await rows<{ status: string }>(
      sql`select status from billing_subscriptions where client_id = ${m.clientId}`,
    );
    expect(sub!.status).toBe('active');
  });

  it('without a password asks for a code of the second factor: a wrong one deletes nothing, a right one deletes', async () => {
    const m = await fullMember('second-factor@example.com');
    const setup = await inject('POST', '/api/identity/mfa/setup', m.auth, {});
    const { secret } = setup.json() as { secret: string };
    const app = authenticator(secret);
    const enabled = await inject('POST', '/api/identity/mfa/enable', m.auth, { code: await app.code() });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // As an account made through Google or Facebook, which has no password of its own.
    await ctx.app.db.execute(sql`update users set password_hash = '' where id = ${m.userId}`);
    expect((await inject('GET', '/api/my-data/account-deletion', m.auth)).json()).toEqual({ confirm_with: 'code' });

    const before = await rowsNaming(m);
    for (const refused of [{ code: '000000' }, { password: PASSWORD }, {}]) {
      const res = await inject('POST', '/api/my-data/delete-account', m.auth, refused);
      expect([res.statusCode, res.json().error.message]).toEqual([400, SECURITY_MESSAGES.MFA_CODE_WRONG]);
    }
    await expectNothingDeleted(m, before);

    const res = await inject('POST', '/api/my-data/delete-account', m.auth, { code: await app.code() });
    expect(res.json()).toEqual({ deleted: true });
    expect((await inject('GET', '/api/identity/current-user', m.auth)).statusCode).toBe(401);
    expect(await rowsNaming(m)).toEqual({
      billing_subscriptions: 1,
      billing_payments: 1,
      template_purchases: 1,
      clients: 1,
      lifetime_deal_codes: 1,
    });
  });

  it('with the right password ends every session, and the e-mail can sign up afresh', async () => {
    const email = 'leaving@example.com';
    const m = await fullMember(email);
    const second = await inject('POST', '/api/identity/sign-in', {}, { email, password: PASSWORD });
    const otherDevice = { authorization: `Bearer ${second.json().access_token}` };
    const res = await inject('POST', '/api/my-data/delete-account', m.auth, { password: PASSWORD });
    expect(res.json()).toEqual({ deleted: true });
    for (const auth of [m.auth, otherDevice]) {
      expect((await inject('GET', '/api/identity/current-user', auth)).statusCode).toBe(401);
    }
    const signIn = await inject('POST', '/api/identity/sign-in', {}, { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().error.exception).toBe('NotAuthorizedException');
    // The deletion is audited without who or from where.
    const [event] = await rows<{ actor_email: string | null; ip: string; outcome: string }>(
      sql`select actor_email, ip, outcome from audit_events where action = 'my-data.account-deleted' order by id desc limit 1`,
    );
    expect(event).toEqual({ actor_email: null, ip: '', outcome: 'success' });
    // Afresh: a new identity and a new client record.
    const again = await signedInUser(ctx.app, email);
    const fresh = await ensureClient(ctx.app.db, email);
    expect(fresh.id).not.toBe(m.clientId);
    expect((await inject('GET', '/api/identity/current-user', again.auth)).statusCode).toBe(200);
  });
});

describe('the last administrator', () => {
  const adminCount = async () =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from client_authorities where name = ${ROLE_ADMIN}`))[0]!
      .n;
  /** Only these members hold the administrator role: the seeded one is revoked. */
  async function onlyAdmins(...clientIds: number[]) {
    await ctx.app.db.execute(sql`delete from client_authorities where name = ${ROLE_ADMIN}`);
    for (const id of clientIds) await grantAuthority(ctx.app.db, id, ROLE_ADMIN);
  }
  const deleteOwnAccount = (auth: Auth) => inject('POST', '/api/my-data/delete-account', auth, { password: PASSWORD });

  it('cannot delete their own account: 409 with a clear message, and nothing is deleted', async () => {
    const m = await fullMember('last-admin@example.com');
    await onlyAdmins(m.clientId);
    const before = await rowsNaming(m);
    const res = await deleteOwnAccount(m.auth);
    expect([res.statusCode, res.json().error?.message], res.body).toEqual([409, MY_DATA_MESSAGES.LAST_ADMIN]);
    await expectNothingDeleted(m, before);
    // Refused before the card provider was asked: the subscription goes on.
    const [sub] = await rows<{ status: string }>(
      sql`select status from billing_subscriptions where client_id = ${m.clientId}`,
    );
    expect(sub!.status).toBe('active');
    expect(await adminCount()).toBe(1);

    // Once someone else holds the role, the account goes.
    const next = await signedInMember(ctx.app, 'next-admin@example.com');
    await grantAuthority(ctx.app.db, next.clientId, ROLE_ADMIN);
    expect((await deleteOwnAccount(m.auth)).json()).toEqual({ deleted: true });
    expect(await adminCount()).toBe(1);
  });

  it('of two deleting their own accounts at once, exactly one goes and the other keeps the role', async () => {
    const ann = await signedInMember(ctx.app, 'admin-ann@example.com');
    const bea = await signedInMember(ctx.app, 'admin-bea@example.com');
    await onlyAdmins(ann.clientId, bea.clientId);
    const answers = await Promise.all([deleteOwnAccount(ann.auth), deleteOwnAccount(bea.auth)]);
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' ')).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toBe(MY_DATA_MESSAGES.LAST_ADMIN);
    expect(await adminCount()).toBe(1);
    const stays = answers[0]!.statusCode === 409 ? ann : bea;
    expect((await inject('GET', '/api/admin/members', stays.auth)).statusCode).toBe(200);
  });

  it('revoking the other while deleting their own account at once leaves one administrator', async () => {
    const cal = await signedInMember(ctx.app, 'admin-cal@example.com');
    const dee = await signedInMember(ctx.app, 'admin-dee@example.com');
    await onlyAdmins(cal.clientId, dee.clientId);
    const answers = await Promise.all([
      inject('POST', `/api/admin/members/${dee.clientId}/revoke-admin`, cal.auth),
      deleteOwnAccount(cal.auth),
    ]);
    // Lawful refusals: the last-administrator rule (409, from either side), or the revocation's caller already gone.
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((code) => code === 200),
      answers.map((a) => a.body).join(' '),
    ).toHaveLength(1);
    expect(codes.every((code) => [200, 401, 409].includes(code))).toBe(true);
    expect(await adminCount()).toBe(1);
  });
});

describe("an erased member's kept record", () => {
  it('takes no new identity: sign-up with its placeholder address is refused, and the record stays anonymous', async () => {
    const m = await fullMember('erased-then-claimed@example.com');
    expect((await inject('POST', '/api/my-data/delete-account', m.auth, { password: PASSWORD })).statusCode).toBe(200);
    const placeholder = deletedAddress(m.clientId);
    const [kept] = await rows<{ email: string; username: string }>(
      sql`select email, username from clients where id = ${m.clientId}`,
    );
    expect(kept).toEqual({ email: placeholder, username: '' });

    for (const email of [placeholder, placeholder.toUpperCase(), 'anyone@deleted.invalid']) {
      const res = await inject('POST', '/api/identity/sign-up', {}, { email, password: PASSWORD });
      expect([email, res.statusCode], res.body).toEqual([email, 400]);
      expect(res.json().error).toMatchObject({
        exception: 'InvalidParameterException',
        message: AUTH_MESSAGES.EMAIL_RESERVED,
      });
    }
    expect(await rows(sql`select id from users where email like '%@deleted.invalid'`)).toEqual([]);
    const [after] = await rows<{ email: string; username: string }>(
      sql`select email, username from clients where id = ${m.clientId}`,
    );
    expect(after).toEqual(kept);
    // Nothing else attaches to it either: the client record is never found or made for such an address.
    await expect(ensureClient(ctx.app.db, placeholder, 'an-identity')).rejects.toThrow();
  });
});

describe('delete my account without a password or a second factor', () => {
  /** A Google or Facebook account: no password of its own, no second factor. */
  async function socialMember(email: string) {
    const m = await fullMember(email);
    await ctx.app.db.execute(sql`update users set password_hash = '' where id = ${m.userId}`);
    await ctx.app.db.execute(sql`delete from identity_mfa where user_id = ${m.userId}`);
    return m;
  }
  /** The token of the newest deletion link mailed to an address. */
  async function mailedDeletionToken(email: string): Promise<string> {
    const res = await inject('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const links = (res.json() as { links: string[] }[]).flatMap((m) => m.links);
    // The mailbox lists the newest first.
    const link = links.find((l) => new URL(l).pathname.startsWith('/delete-account/'));
    if (!link) throw new Error(`no deletion link mailed to ${email}`);
    return new URL(link).pathname.slice('/delete-account/'.length);
  }

  it('is not done by the e-mail any session can read: a link is mailed, and only following it deletes', async () => {
    const email = 'social-leaving@example.com';
    const m = await socialMember(email);
    expect((await inject('GET', '/api/my-data/account-deletion', m.auth)).json()).toEqual({ confirm_with: 'email' });
    const before = await rowsNaming(m);
    // The bearer token alone knows the e-mail: typing it deletes nothing.
    const typed = (await inject('GET', '/api/identity/current-user', m.auth)).json().attributes.email as string;
    const byEmail = await inject('POST', '/api/my-data/delete-account', m.auth, { email: typed });
    expect(byEmail.statusCode, byEmail.body).toBe(400);
    const bare = await inject('POST', '/api/my-data/delete-account', m.auth, {});
    expect([bare.statusCode, bare.json().error?.message], bare.body).toEqual([400, MY_DATA_MESSAGES.LINK_REQUIRED]);
    await expectNothingDeleted(m, before);

    const sent = await inject('POST', '/api/my-data/delete-account/link', m.auth);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ sent_to: 's***@e***.com', expires_in_minutes: 30 });
    const token = await mailedDeletionToken(email);
    // Kept as a hash only.
    expect(await rows(sql`select id from identity_codes where code_hash = ${token}`)).toEqual([]);
    // The link's code and its e-mail are the only new rows (besides the audit trail of these calls).
    const withLink = await rowsNaming(m);
    expect({ ...withLink, audit_events: 0 }).toEqual({
      ...before,
      audit_events: 0,
      identity_codes: (before.identity_codes ?? 0) + 1,
      mail_outbox: (before.mail_outbox ?? 0) + 1,
    });

    // A wrong token, or someone else's session holding the right one, deletes nothing.
    const wrong = await inject('POST', '/api/my-data/delete-account', m.auth, { token: `${token}x` });
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([400, MY_DATA_MESSAGES.LINK_INVALID]);
    const other = await signedInMember(ctx.app, 'holds-the-link@example.com');
    await ctx.app.db.execute(sql`update users set password_hash = '' where email = 'holds-the-link@example.com'`);
    const stolen = await inject('POST', '/api/my-data/delete-account', other.auth, { token });
    expect([stolen.statusCode, stolen.json().error.message]).toEqual([400, MY_DATA_MESSAGES.LINK_INVALID]);
    await expectNothingDeleted(m, withLink);

    const done = await inject('POST', '/api/my-data/delete-account', m.auth, { token });
    expect(done.json()).toEqual({ deleted: true });
    expect((await inject('GET', '/api/identity/current-user', m.auth)).statusCode).toBe(401);
    expect(await rowsNaming(m)).toEqual({
      billing_subscriptions: 1,
      billing_payments: 1,
      template_purchases: 1,
      clients: 1,
      lifetime_deal_codes: 1,
    });
  });

  it('takes a link once, within its half hour, and only the newest one', async () => {
    const m = await socialMember('social-late@example.com');
    const ask = () => inject('POST', '/api/my-data/delete-account/link', m.auth);
    expect((await ask()).statusCode).toBe(202);
    const first = await mailedDeletionToken(m.email);
    expect((await ask()).statusCode).toBe(202);
    const second = await mailedDeletionToken(m.email);
    expect(second).not.toBe(first);
    const old = await inject('POST', '/api/my-data/delete-account', m.auth, { token: first });
    expect([old.statusCode, old.json().error.message]).toEqual([400, MY_DATA_MESSAGES.LINK_INVALID]);
    await ctx.app.db.execute(
      sql`update identity_codes set expires_at = now() - interval '1 second'
        where user_id = ${m.userId} and purpose = 'delete-account'`,
    );
    const late = await inject('POST', '/api/my-data/delete-account', m.auth, { token: second });
    expect([late.statusCode, late.json().error.message]).toEqual([400, MY_DATA_MESSAGES.LINK_INVALID]);
    expect((await inject('GET', '/api/identity/current-user', m.auth)).statusCode).toBe(200);
  });

  it('mails at most the budget of links a minute, then says when to ask again (429 with Retry-After)', async () => {
    const m = await socialMember('social-asks-often@example.com');
    const ask = () => inject('POST', '/api/my-data/delete-account/link', m.auth);
    for (let i = 0; i < MEMBER_BUDGETS.DELETION_LINKS_PER_MINUTE; i++) expect((await ask()).statusCode).toBe(202);
    const refused = await ask();
    expect(refused.statusCode, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/^You can ask for up to \d+ links a minute\. Please try again in /);
  });

  it('mails no link to an account that confirms with its password or its second factor', async () => {
    const m = await signedInMember(ctx.app, 'has-a-password@example.com');
    const res = await inject('POST', '/api/my-data/delete-account/link', m.auth);
    expect([res.statusCode, res.json().error.message]).toEqual([409, MY_DATA_MESSAGES.LINK_NOT_NEEDED]);
  });
});
