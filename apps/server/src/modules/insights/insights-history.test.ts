import { INSIGHTS_TABLES, type Insights } from '@dpp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PASSWORD, signedInUser, type TestContext } from '../../../test/helpers';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, grantAuthority } from '../clients/clients.repository';
import { UPLOAD_JOB_KIND } from '../integrations';
import { jobs } from '../jobs/tables';
import { memberPlanSends, memberPlans } from '../my-plans/my-plans.tables';
import { aiUsage } from '../planner/planner.tables';
import { projectPlans } from '../templates/tables';

/**
 * Figures about the past stay as they were when a member leaves: their sign-up, trial, uploads, plan copies and
 * AI usage are kept without anything naming them. An administrator is not a member: neither a sign-up nor a
 * member's activity.
 */

let ctx: TestContext;
let admin: Record<string, string>;

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** Noon UTC of a day some days ago: inside that day whatever the time now. */
const at = (offset: number, seconds = 0) => new Date(Date.parse(`${day(offset)}T12:00:00Z`) + seconds * 1000);
const LAST_WEEK = { from: day(-7), to: day(-1) };

async function member(email: string) {
  const session = await signedInUser(ctx.app, email);
  const client = await ensureClient(ctx.app.db, email);
  return { ...session, email, clientId: client.id };
}

/** Moves a member's sign-up and activation to a day of last week. */
async function signedUpOn(email: string, offset: number) {
  await ctx.app.db.execute(
    sql`update users set created_at = ${at(offset).toISOString()}::timestamptz,
      confirmed_at = ${at(offset, 600).toISOString()}::timestamptz where email = ${email}`,
  );
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin });

async function figures() {
  const query = `from=${LAST_WEEK.from}&to=${LAST_WEEK.to}`;
  const res = await get(`/api/admin/insights?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const csv: Record<string, string> = {};
  for (const table of INSIGHTS_TABLES) {
    const download = await get(`/api/admin/insights.csv?table=${table}&${query}`);
    expect(download.statusCode, download.body).toBe(200);
    csv[table] = download.body;
  }
  return { json: res.json() as Insights, csv };
}

let templateId: number;
let leaver: Awaited<ReturnType<typeof member>>;
let before: Awaited<ReturnType<typeof figures>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  const [template] = await ctx.app.db.select().from(projectPlans).limit(1);
  templateId = template!.id;

  // The administrator signed up last week too, and uploaded and copied the template while trying the product.
  const boss = await member('history-admin@example.com');
  admin = boss.auth;
  await grantAuthority(ctx.app.db, boss.clientId, ROLE_ADMIN);
  await signedUpOn(boss.email, -6);

  leaver = await member('history-leaver@example.com');
  await signedUpOn(leaver.email, -5);
  const stayer = await member('history-stayer@example.com');
  await signedUpOn(stayer.email, -4);

  // The leaver's trial ran from five to three days ago and ended unpaid.
  await ctx.app.db.execute(
    sql`update clients set trial_start = ${at(-5).toISOString()}::timestamptz,
      trial_end = ${at(-3).toISOString()}::timestamptz, plan_name = 'Growth', has_used_free_trial = true
      where id = ${leaver.clientId}`,
  );

  const upload = (clientId: number, offset: number, status: 'succeeded' | 'failed', seconds: number) => ({
    kind: UPLOAD_JOB_KIND,
    payload: { tool: 'asana', planId: String(templateId), clientId },
    status,
    createdAt: at(offset),
    finishedAt: at(offset, seconds),
  });
  await ctx.app.db
    .insert(jobs)
    .values([
      upload(leaver.clientId, -4, 'succeeded', 10),
      upload(leaver.clientId, -4, 'failed', 5),
      upload(stayer.clientId, -3, 'succeeded', 40),
      upload(boss.clientId, -3, 'succeeded', 90),
    ]);

  const copy = (clientId: number, offset: number, sent: boolean) => ({
    clientId,
    name: 'A copy',
    sourceKind: 'template' as const,
    sourceId: templateId,
    plan: { start_date: null, sections: [] },
    version: 2,
    createdAt: at(offset),
    updatedAt: at(offset, 60),
    lastSentAt: sent ? at(offset, 120) : null,
    lastSentTool: sent ? 'asana' : null,
  });
  const copies = await ctx.app.db
    .insert(memberPlans)
    .values([copy(leaver.clientId, -4, true), copy(stayer.clientId, -2, false), copy(boss.clientId, -2, false)])
    .returning();
  await ctx.app.db.insert(memberPlanSends).values({
    memberPlanId: copies[0]!.id,
    clientId: leaver.clientId,
    tool: 'asana',
    projectId: 'p-history',
    sentAt: at(-4, 120),
    tasks: [],
    state: 'ok',
    done: 2,
    total: 5,
    readAt: at(-3),
    nextReadAt: new Date(Date.now() + DAY),
  });

  const period = LAST_WEEK.to.slice(0, 7);
  await ctx.app.db.insert(aiUsage).values([
    { clientId: leaver.clientId, period, tokens: 900, requests: 3 },
    { clientId: stayer.clientId, period, tokens: 100, requests: 1 },
    { clientId: boss.clientId, period, tokens: 5000, requests: 9 },
  ]);

  before = await figures();
  const deleted = await ctx.app.inject({
    method: 'POST',
    url: '/api/my-data/delete-account',
    headers: leaver.auth,
    payload: { password: PASSWORD },
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});

describe('the insights of last week', () => {
  it('count the members, not the administrator, as sign-ups and activity', () => {
    const { daily, summary, uploads, ai_credits } = before.json;
    expect(daily.reduce((sum, row) => sum + row.sign_ups, 0)).toBe(2);
    expect(daily.reduce((sum, row) => sum + row.activations, 0)).toBe(2);
    expect(daily.find((row) => row.day === day(-6))).toMatchObject({ sign_ups: 0, activations: 0 });
    expect(summary).toMatchObject({
      trials_started: 1,
      trials_ended: 1,
      plans_taken: 2,
      plans_edited: 2,
      plans_sent: 1,
      plans_progressing: 1,
    });
    expect(uploads).toEqual([{ tool: 'asana', uploads: 3, succeeded: 2, failed: 1, median_seconds: 25 }]);
    expect(ai_credits.reduce((sum, row) => sum + row.tokens, 0)).toBe(1000);
    expect(ai_credits.reduce((sum, row) => sum + row.members, 0)).toBe(2);
  });

  it('count copies taken into My Plans beside the uploads in the most taken templates', () => {
    expect(before.json.templates).toEqual([
      expect.objectContaining({ template_id: templateId, uploads: 2, copies: 2, members: 2 }),
    ]);
    expect(before.csv.templates?.split('\r\n')[0]).toBe('template_id,name,uploads,copies,members');
  });

  it('are the same, JSON and CSV, after a member deleted their account', async () => {
    const after = await figures();
    expect(after.json).toEqual(before.json);
    for (const table of INSIGHTS_TABLES) expect(after.csv[table], table).toBe(before.csv[table]);
  });

  it('keep nothing that names the member who left', async () => {
    const dump = (await ctx.app.db.execute(
      sql`select coalesce(json_agg(t), '[]'::json)::text as rows from (
        select * from departed_members m left join departed_uploads u on u.departed_member_id = m.id
          left join departed_plan_copies p on p.departed_member_id = m.id
          left join departed_ai_usage a on a.departed_member_id = m.id) t`,
    )) as unknown as { rows: { rows: string }[] };
    const text = dump.rows[0]!.rows;
    expect(text).not.toBe('[]');
    expect(text).not.toContain(leaver.email);
    expect(text).not.toContain('history-leaver');
    const columns = (await ctx.app.db.execute(
      sql`select table_name, column_name from information_schema.columns where table_name like 'departed_%'`,
    )) as unknown as { rows: { column_name: string }[] };
    const names = columns.rows.map((row) => row.column_name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).not.toMatch(/client|user|email|given_name|family_name|^name$/);
  });
});
