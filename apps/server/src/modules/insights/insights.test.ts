import { INSIGHTS_MESSAGES, type Insights, MESSAGES } from '@dpp/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, GOOD_CARD, PASSWORD, signedInUser, type TestContext } from '../../../test/helpers';
import { ROLE_ADMIN } from '../../plugins/auth';
import { ensureClient, grantAuthority } from '../clients/clients.repository';
import { UPLOAD_JOB_KIND } from '../integrations';
import { jobs } from '../jobs/tables';
import { memberPlanSends, memberPlans } from '../my-plans/my-plans.tables';
import { aiUsage } from '../planner/planner.tables';
import { projectPlans } from '../templates/tables';

let ctx: TestContext;
let admin: Record<string, string>;

type Auth = Record<string, string>;
const post = (url: string, payload: object, headers: Auth = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Auth = admin) => ctx.app.inject({ method: 'GET', url, headers });

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const FROM = day(-30);
const TO = day(0);
const START = `${FROM}T00:00:00Z`;
const END = new Date(Date.parse(`${TO}T00:00:00Z`) + DAY).toISOString();

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const found = (await ctx.app.db.execute(query)) as unknown as { rows: { n: unknown }[] };
  return Number(found.rows[0]?.n ?? 0);
}

async function member(email: string) {
  const session = await signedInUser(ctx.app, email);
  const client = await ensureClient(ctx.app.db, email);
  return { ...session, email, clientId: client.id };
}

async function insights(from = FROM, to = TO): Promise<Insights> {
  const res = await get(`/api/admin/insights?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Insights;
}

let templateId: number;
let templateName: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  const signedIn = await member('insights-admin@example.com');
  admin = signedIn.auth;
  await grantAuthority(ctx.app.db, signedIn.clientId, ROLE_ADMIN);

  // Signed up, never activated.
  await post('/api/identity/sign-up', { email: 'insights-unconfirmed@example.com', password: PASSWORD });

  // A trial without a card.
  const trial = await member('insights-trial@example.com');
  expect(
    (await post('/api/stripe/no-credit-card-trial', { client_id: trial.username, plan_id: 6 }, trial.auth)).statusCode,
  ).toBe(200);

  // A paid subscription with the local card provider.
  const payer = await member('insights-payer@example.com');
  const intent = await post(
    '/api/stripe/create-setup-intent',
    { price_id: 'price_dpp_growth_monthly', client_id: payer.username, subscription_type: 'month' },
    payer.auth,
  );
  const { client_secret, setup_intent_id } = intent.json() as { client_secret: string; setup_intent_id: string };
  expect(
    (await post(`/sandbox/cards/setup-intents/${setup_intent_id}/confirm`, { client_secret, ...GOOD_CARD })).statusCode,
  ).toBe(200);
  const subscribed = await post(
    '/api/stripe/create-subscription',
    { setup_intent_id, client_id: payer.username, price_id: 'price_dpp_growth_monthly' },
    payer.auth,
  );
  expect(subscribed.statusCode, subscribed.body).toBe(200);

  // A one-time purchase of a template.
  const buyer = await member('insights-buyer@example.com');
  const [paid] = await ctx.app.db
    .select()
    .from(projectPlans)
    .where(and(eq(projectPlans.free, false), eq(projectPlans.active, true)))
    .limit(1);
  templateId = paid!.id;
  templateName = paid!.name;
  const { id: orderId } = (await post('/api/paypal/orders', { plan_id: paid!.id }, buyer.auth)).json() as {
    id: string;
  };
  await ctx.app.inject({ method: 'POST', url: `/sandbox/orders/${orderId}/approve`, headers: buyer.auth });
  expect((await post(`/api/paypal/orders/${orderId}/capture`, {}, buyer.auth)).statusCode).toBe(200);

  // A lifetime-deal code redeemed and claimed.
  await ctx.app.inject({
    method: 'POST',
    url: '/api/appsumo/codes/import',
    payload: 'code\nLTD-INSI-0001\n',
    headers: { ...admin, 'content-type': 'text/csv' },
  });
  expect((await post('/appsumo/code', { appSumoCode: 'LTD-INSI-0001' })).statusCode).toBe(200);
  const claim = { nameUser: 'Lee', lastName: 'Deal', email: 'insights-ltd@example.com', appSumoCode: 'LTD-INSI-0001' };
  expect((await post('/appsumo/response', claim)).statusCode).toBe(200);

  // Uploads to the task tools as their jobs record them: two succeeded (10 s and 30 s), one failed.
  const now = Date.now();
  const upload = (tool: string, status: 'succeeded' | 'failed', seconds: number, clientId: number) => ({
    kind: UPLOAD_JOB_KIND,
    payload: { tool, planId: String(templateId), clientId },
    status,
    createdAt: new Date(now - 60_000),
    finishedAt: new Date(now - 60_000 + seconds * 1000),
  });
  await ctx.app.db
    .insert(jobs)
    .values([
      upload('asana', 'succeeded', 10, buyer.clientId),
      upload('asana', 'succeeded', 30, payer.clientId),
      upload('asana', 'failed', 5, payer.clientId),
      upload('monday', 'succeeded', 20, buyer.clientId),
    ]);

  // Members' plan copies: two taken in the range (one edited and sent), one taken before it and edited in it.
  const copy = (clientId: number, createdAt: Date, version: number, lastSentAt: Date | null) => ({
    clientId,
    name: 'A copy',
    sourceKind: 'template' as const,
    sourceId: templateId,
    plan: { start_date: null, sections: [] },
    version,
    createdAt,
    updatedAt: new Date(now - 60_000),
    lastSentAt,
    lastSentTool: lastSentAt ? 'asana' : null,
  });
  const copies = await ctx.app.db
    .insert(memberPlans)
    .values([
      copy(buyer.clientId, new Date(now - 60_000), 3, new Date(now - 30_000)),
      copy(payer.clientId, new Date(now - 60_000), 1, null),
      copy(payer.clientId, new Date(now - 90 * DAY), 2, null),
    ])
    .returning();
  // Progressing: a sent copy whose last read in the range found tasks done; one read with none done is not.
  const sending = (memberPlanId: number, clientId: number, done: number, readAt: Date) => ({
    memberPlanId,
    clientId,
    tool: 'asana' as const,
    projectId: `p-${memberPlanId}`,
    sentAt: new Date(readAt.getTime() - 60_000),
    tasks: [],
    state: 'ok' as const,
    done,
    total: 5,
    readAt,
    nextReadAt: new Date(now + DAY),
  });
  await ctx.app.db
    .insert(memberPlanSends)
    .values([
      sending(copies[0]!.id, buyer.clientId, 2, new Date(now - 20_000)),
      sending(copies[1]!.id, payer.clientId, 0, new Date(now - 20_000)),
      sending(copies[2]!.id, payer.clientId, 4, new Date(now - 80 * DAY)),
    ]);

  // AI credits used this month.
  const period = new Date().toISOString().slice(0, 7);
  await ctx.app.db.insert(aiUsage).values([
    { clientId: payer.clientId, period, tokens: 1200, requests: 3 },
    { clientId: trial.clientId, period, tokens: 300, requests: 1 },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

describe('the insights', () => {
  it('count sign-ups and activations per day as the users table holds them, administrators left out', async () => {
    // The administrators are not members: neither sign-ups nor activations.
    const members = sql`email not in (select c.email from clients c join client_authorities a on a.client_id = c.id
      where a.name = ${ROLE_ADMIN})`;
    const answer = await insights();
    expect(answer.daily).toHaveLength(31);
    expect(answer.daily[0]!.day).toBe(FROM);
    expect(answer.daily.at(-1)!.day).toBe(TO);
    for (const row of answer.daily) {
      const next = new Date(Date.parse(`${row.day}T00:00:00Z`) + DAY).toISOString();
      expect(row.sign_ups, row.day).toBe(
        await count(sql`select count(*) as n from users where ${members}
          and created_at >= ${`${row.day}T00:00:00Z`}::timestamptz and created_at < ${next}::timestamptz`),
      );
      expect(row.activations, row.day).toBe(
        await count(sql`select count(*) as n from users where ${members}
          and confirmed_at >= ${`${row.day}T00:00:00Z`}::timestamptz and confirmed_at < ${next}::timestamptz`),
      );
    }
    const today = answer.daily.at(-1)!;
    // Everyone seeded but the administrator signed up today; all but the unconfirmed one (and the lifetime deal's
    // account) activated.
    expect(today.sign_ups).toBe(await count(sql`select count(*) - 1 as n from users`));
    expect(today.sign_ups).toBeGreaterThanOrEqual(5);
    expect(today.activations).toBe(await count(sql`select count(*) - 1 as n from users where confirmed`));
    expect(today.activations).toBeLessThan(today.sign_ups);
  });

  it('count trials, revenue, churn, purchases and lifetime deals as the billing records hold them', async () => {
    const { summary } = await insights();
    const inRange = (column: string) =>
      sql`${sql.raw(column)} >= ${START}::timestamptz and ${sql.raw(column)} < ${END}::timestamptz`;
    expect(summary.trials_started).toBe(
      await count(sql`select count(*) as n from clients where ${inRange('trial_start')}`),
    );
    expect(summary.trials_started).toBe(1);
    expect(summary.trials_converted).toBe(
      await count(sql`select count(*) as n from clients where ${inRange('trial_start')} and is_subscribed = '2'`),
    );
    expect(summary.trials_ended).toBe(
      await count(
        sql`select count(*) as n from clients where ${inRange('trial_end')} and trial_end <= now() and is_subscribed <> '2'`,
      ),
    );
    // One Growth subscription at 29.00 a month.
    expect(summary.mrr_cents).toBe(
      await count(sql`select sum(p.price) as n from billing_subscriptions s
        join plan_prices p on p.stripe_price_id = s.price_id where s.status = 'active'`),
    );
    expect(summary.mrr_cents).toBe(2900);
    expect(summary.cancelled).toBe(
      await count(sql`select count(*) as n from billing_subscriptions where ${inRange('canceled_at')}`),
    );
    expect(summary.active_at_start).toBe(
      await count(sql`select count(*) as n from billing_subscriptions where started_at < ${START}::timestamptz`),
    );
    expect(summary.churn_rate).toBeNull();
    expect(summary.purchases).toBe(
      await count(
        sql`select count(*) as n from template_purchases where status = 'COMPLETED' and ${inRange('completed_at')}`,
      ),
    );
    expect(summary.purchases).toBe(1);
    expect(summary.purchases_cents).toBe(
      await count(sql`select sum(amount_cents) as n from template_purchases where status = 'COMPLETED'`),
    );
    expect(summary.purchases_cents).toBeGreaterThan(0);
    expect(summary.lifetime_deal_redemptions).toBe(
      await count(sql`select count(*) as n from lifetime_deal_codes where ${inRange('redeemed_at')}`),
    );
    expect(summary.lifetime_deal_redemptions).toBe(1);
    expect(summary.lifetime_deal_claims).toBe(
      await count(sql`select count(*) as n from lifetime_deal_codes where ${inRange('claimed_at')}`),
    );
    expect(summary.lifetime_deal_claims).toBe(1);
    expect(summary.plans_taken).toBe(
      await count(sql`select count(*) as n from member_plans where ${inRange('created_at')}`),
    );
    expect(summary.plans_taken).toBe(2);
    expect(summary.plans_edited).toBe(
      await count(sql`select count(*) as n from member_plans where version > 1 and ${inRange('updated_at')}`),
    );
    expect(summary.plans_edited).toBe(2);
    expect(summary.plans_sent).toBe(
      await count(sql`select count(*) as n from member_plans where ${inRange('last_sent_at')}`),
    );
    expect(summary.plans_sent).toBe(1);
    expect(summary.plans_progressing).toBe(
      await count(sql`select count(*) as n from member_plan_sends where done > 0 and ${inRange('read_at')}`),
    );
    expect(summary.plans_progressing).toBe(1);
  });

  it('count paying members by plan, uploads per tool, AI credits per plan and the most taken templates', async () => {
    const answer = await insights();
    expect(answer.paying_by_plan).toEqual([
      {
        plan_id: 6,
        plan: String(
          (
            (await ctx.app.db.execute(sql`select name from plans where id = 6`)) as unknown as {
              rows: { name: string }[];
            }
          ).rows[0]!.name,
        ),
        members: await count(
          sql`select count(distinct client_id) as n from billing_subscriptions where status = 'active' and plan_id = 6`,
        ),
        mrr_cents: 2900,
      },
    ]);
    expect(answer.paying_by_plan[0]!.members).toBe(1);

    const uploads = (tool: string, status?: string) =>
      count(sql`select count(*) as n from jobs where kind = ${UPLOAD_JOB_KIND} and payload->>'tool' = ${tool}
        ${status ? sql`and status = ${status}` : sql``}`);
    expect(answer.uploads).toEqual([
      {
        tool: 'asana',
        uploads: await uploads('asana'),
        succeeded: await uploads('asana', 'succeeded'),
        failed: await uploads('asana', 'failed'),
        median_seconds: 20,
      },
      {
        tool: 'monday',
        uploads: await uploads('monday'),
        succeeded: await uploads('monday', 'succeeded'),
        failed: 0,
        median_seconds: 20,
      },
    ]);
    expect(answer.uploads[0]).toMatchObject({ uploads: 3, succeeded: 2, failed: 1 });

    const credits = (plan: string, column: 'tokens' | 'requests') =>
      count(sql`select sum(u.${sql.raw(column)}) as n from ai_usage u join clients c on c.id = u.client_id
        where c.plan_name = ${plan}`);
    // The trial and the paying member are both on plan 6: one row of the two of them.
    expect(answer.ai_credits).toHaveLength(1);
    for (const row of answer.ai_credits) {
      expect(row.tokens, row.plan).toBe(await credits(row.plan, 'tokens'));
      expect(row.requests, row.plan).toBe(await credits(row.plan, 'requests'));
      expect(row.members).toBe(
        await count(sql`select count(distinct u.client_id) as n from ai_usage u join clients c on c.id = u.client_id
          where c.plan_name = ${row.plan}`),
      );
    }
    expect(answer.ai_credits[0]).toMatchObject({ members: 2, tokens: 1500, requests: 4 });

    expect(answer.templates).toEqual([
      {
        template_id: templateId,
        name: templateName,
        uploads: await count(sql`select count(*) as n from jobs
          where kind = ${UPLOAD_JOB_KIND} and status = 'succeeded' and payload->>'planId' = ${String(templateId)}`),
        // The copies taken into My Plans in the range count too; the one taken before it does not.
        copies: await count(sql`select count(*) as n from member_plans
          where source_kind = 'template' and source_id = ${templateId}
          and created_at >= ${START}::timestamptz and created_at < ${END}::timestamptz`),
        members: 2,
      },
    ]);
    expect(answer.templates[0]).toMatchObject({ uploads: 3, copies: 2 });
  });

  it('hold nothing of the range for a range before anything happened, but the paying members of now', async () => {
    const answer = await insights('2020-01-01', '2020-12-31');
    expect(answer.daily).toHaveLength(366);
    expect(answer.daily.every((row) => row.sign_ups === 0 && row.activations === 0)).toBe(true);
    expect(answer.summary).toMatchObject({ trials_started: 0, purchases: 0, lifetime_deal_redemptions: 0 });
    expect(answer.uploads).toEqual([]);
    expect(answer.ai_credits).toEqual([]);
    expect(answer.templates).toEqual([]);
    expect(answer.paying_by_plan).toHaveLength(1);
  });

  it('refuse a range that is malformed, reversed or longer than 366 days, with a clear message', async () => {
    const refusal = async (query: string) => {
      const res = await get(`/api/admin/insights?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error as { message: string; details: { field: string; message: string }[] };
    };
    const message = async (query: string) => (await refusal(query)).message;
    expect((await refusal('from=2026-02-30&to=2026-03-01')).details).toEqual([
      { field: 'querystring.from', message: INSIGHTS_MESSAGES.BAD_DATE },
    ]);
    expect((await refusal('from=2026-03-01&to=2026-3-1')).details).toEqual([
      { field: 'querystring.to', message: INSIGHTS_MESSAGES.BAD_DATE },
    ]);
    expect(await message('from=2026-03-02&to=2026-03-01')).toBe(INSIGHTS_MESSAGES.FROM_AFTER_TO);
    expect(await message('from=2024-01-01&to=2025-01-01')).toBe(INSIGHTS_MESSAGES.RANGE_TOO_LONG);
    expect((await get('/api/admin/insights?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect((await get('/api/admin/insights?to=2024-12-31')).statusCode).toBe(400);
    expect((await get(`/api/admin/insights.csv?table=nope&from=${FROM}&to=${TO}`)).statusCode).toBe(400);
  });

  it('refuse days PostgreSQL cannot store or the product does not mean with 400, the CSV as well', async () => {
    const days = ['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31'];
    for (const path of ['/api/admin/insights?', '/api/admin/insights.csv?table=daily&']) {
      for (const day of days) {
        for (const query of [`from=${day}&to=${day}`, `from=${day}&to=${TO}`, `from=${FROM}&to=${day}`]) {
          const res = await get(`${path}${query}`);
          expect([query, res.statusCode], res.body).toEqual([query, 400]);
          const { details } = res.json().error as { details: { message: string }[] };
          expect(details.map((d) => d.message)).toContain(MESSAGES.DAY_OUT_OF_RANGE);
        }
      }
      for (const query of [
        'from=-0001-01-01&to=2026-01-01',
        'from=294277-01-01&to=2026-01-01',
        'from=2027-02-30&to=2027-03-01',
      ]) {
        const res = await get(`${path}${query}`);
        expect([query, res.statusCode], res.body).toEqual([query, 400]);
      }
    }
  });

  it('are for administrators only, before the range is even read', async () => {
    const someone = await member('insights-member@example.com');
    for (const url of ['/api/admin/insights?from=x', `/api/admin/insights.csv?table=daily&from=${FROM}&to=${TO}`]) {
      const anonymous = await get(url, {});
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
      const forbidden = await get(url, someone.auth);
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json().error.code).toBe('FORBIDDEN');
    }
  });
});

describe('the insights as CSV', () => {
  it('give each table with a header of its columns, one row per line, as a download', async () => {
    const answer = await insights();
    const csv = async (table: string) => {
      const res = await get(`/api/admin/insights.csv?table=${table}&from=${FROM}&to=${TO}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="insights-${table}-${FROM}-${TO}.csv"`);
      return res.body.split('\r\n');
    };
    const daily = await csv('daily');
    expect(daily[0]).toBe('day,sign_ups,activations');
    expect(daily).toHaveLength(answer.daily.length + 2);
    const today = answer.daily.at(-1)!;
    expect(daily.at(-2)).toBe(`${today.day},${today.sign_ups},${today.activations}`);
    expect(daily.at(-1)).toBe('');
    const summary = await csv('summary');
    expect(summary[0]).toBe('figure,value');
    expect(summary).toContain(`mrr_cents,${answer.summary.mrr_cents}`);
    expect(summary).toContain('churn_rate,');
    expect((await csv('uploads')).slice(0, 2)).toEqual([
      'tool,uploads,succeeded,failed,median_seconds',
      'asana,3,2,1,20',
    ]);
    expect((await csv('paying_by_plan'))[0]).toBe('plan_id,plan,members,mrr_cents');
    expect((await csv('ai_credits'))[0]).toBe('plan,members,tokens,requests');
    const templates = await csv('templates');
    expect(templates[0]).toBe('template_id,name,uploads,copies,members');
    expect(templates[1]).toContain(`${templateId},`);
  });
});
