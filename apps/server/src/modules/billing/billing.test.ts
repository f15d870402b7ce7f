import { ClientRecordSchema } from '@dpp/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, GOOD_CARD, signedInUser, type TestContext } from '../../../test/helpers';
import { ROLE_ADMIN } from '../../plugins/auth';
import { localCardInvoices, localCardPaymentMethods } from '../../stand-ins/providers/payments/payments.local.tables';
import { ensureClient, grantAuthority } from '../clients/clients.repository';
import { clients } from '../clients/clients.tables';
import { projectPlans } from '../templates/templates.tables';
import { hasPaidForTemplate } from './billing.repository';
import { billingProcessedEvents, billingSubscriptions } from './billing.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

type Auth = Record<string, string>;
const post = (url: string, payload: object, headers: Auth = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

const GROWTH_PRICE = 'price_dpp_growth_monthly';
const PREMIUM_PRICE = 'price_dpp_premium_monthly';
const YEARLY_PRICE = 'price_dpp_premium_yearly';

async function user(email: string) {
  const session = await signedInUser(ctx.app, email);
  const client = await ensureClient(ctx.app.db, email);
  return { ...session, email, clientId: client.id };
}

async function record(email: string, auth: Auth) {
  return ClientRecordSchema.parse((await post('/api/client/get', { email }, auth)).json());
}

async function moveClock(email: string, days: number) {
  const res = await post('/sandbox/billing/clock', { email, days });
  expect(res.statusCode).toBe(200);
  return res.json() as { trials_ended: number; provider_events: number };
}

/** Creates a setup intent and confirms it with a card at the sandbox provider, as the card form does. */
async function confirmedSetup(u: Awaited<ReturnType<typeof user>>, priceId = GROWTH_PRICE, card = GOOD_CARD) {
  const intent = await post(
    '/api/stripe/create-setup-intent',
    { price_id: priceId, client_id: u.username, subscription_type: priceId === YEARLY_PRICE ? 'year' : 'month' },
    u.auth,
  );
  expect(intent.statusCode).toBe(200);
  const { client_secret, setup_intent_id } = intent.json() as { client_secret: string; setup_intent_id: string };
  const confirm = await post(`/sandbox/cards/setup-intents/${setup_intent_id}/confirm`, { client_secret, ...card });
  return { setupIntentId: setup_intent_id, clientSecret: client_secret, confirm };
}

async function subscribe(u: Awaited<ReturnType<typeof user>>, priceId = GROWTH_PRICE) {
  const { setupIntentId, confirm } = await confirmedSetup(u, priceId);
  expect(confirm.statusCode).toBe(200);
  const res = await post(
    '/api/stripe/create-subscription',
    { setup_intent_id: setupIntentId, client_id: u.username, price_id: priceId },
    u.auth,
  );
  expect(res.statusCode).toBe(200);
  return { setupIntentId, body: res.json() as { subscription_id: string; status: string; plan_name: string } };
}

describe('publish key and ownership', () => {
  it('needs a session and names the local provider', async () => {
    expect((await post('/api/stripe/publish-key', {})).statusCode).toBe(401);
    const u = await user('pk@example.com');
    expect((await post('/api/stripe/publish-key', {}, u.auth)).json()).toEqual({
      publish_key: 'pk_local_sandbox',
      provider: 'local',
    });
  });

  it("refuses another user's client_id, by id or username, on every call", async () => {
    const alice = await user('owner-a@example.com');
    const bob = await user('owner-b@example.com');
    for (const clientId of [alice.clientId, alice.username]) {
      const calls: [string, object][] = [
        [
          '/api/stripe/create-setup-intent',
          { price_id: GROWTH_PRICE, client_id: clientId, subscription_type: 'month' },
        ],
        ['/api/stripe/no-credit-card-trial', { client_id: clientId, plan_id: 6 }],
        ['/api/stripe/cancel-trial', { client_id: clientId }],
        ['/api/stripe/cancel-subscription', { client_id: clientId }],
        ['/api/stripe/save-payment', { client_id: clientId, pi_id: 'pi_x' }],
        ['/api/stripe/create-subscription', { client_id: clientId, price_id: GROWTH_PRICE, setup_intent_id: 'seti_x' }],
        [
          '/api/stripe/add-payment-during-trial',
          { client_id: clientId, price_id: GROWTH_PRICE, setup_intent_id: 'seti_x', subscription_type: 'month' },
        ],
      ];
      for (const [url, body] of calls) expect((await post(url, body, bob.auth)).statusCode, url).toBe(403);
    }
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/api/stripe/user/${alice.email}/trial-info`,
      headers: bob.auth,
    });
    expect(info.statusCode).toBe(403);
    expect((await record(alice.email, alice.auth)).is_subscribed).toBe('');
  });

  it('lets an administrator act for any client', async () => {
    const admin = await user('billing-admin@example.com');
    await grantAuthority(ctx.app.db, admin.clientId, ROLE_ADMIN);
    const carol = await user('carol-billing@example.com');
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/api/stripe/user/${carol.email}/trial-info`,
      headers: admin.auth,
    });
    expect(info.json()).toEqual({ data: 'Basic Membership' });
  });
});

describe('setup intents', () => {
  it('accepts only real prices of real plans with the right billing period', async () => {
    const u = await user('setup@example.com');
    const ask = (price_id: string, subscription_type: string) =>
      post('/api/stripe/create-setup-intent', { price_id, client_id: u.clientId, subscription_type }, u.auth);
    expect((await ask('price_made_up', 'month')).statusCode).toBe(400);
    expect((await ask('price_dpp_essential_free', 'year')).statusCode).toBe(400);
    expect((await ask(GROWTH_PRICE, 'year')).json().error.message).toBe(
      "The subscription type does not match the plan's billing period.",
    );
    expect((await ask(YEARLY_PRICE, 'month')).statusCode).toBe(400);
    expect((await ask(YEARLY_PRICE, 'year')).statusCode).toBe(200);
    const ok = await ask(PREMIUM_PRICE, 'month');
    expect(ok.json().client_secret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(
      (
        await post(
          '/api/stripe/create-setup-intent',
          { price_id: GROWTH_PRICE, client_id: u.clientId, subscription_type: 'month', extra: 1 },
          u.auth,
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('the sandbox card form', () => {
  it("answers Stripe's test cards with Stripe's errors and never stores the number", async () => {
    const u = await user('cards@example.com');
    const year = new Date().getUTCFullYear();
    const cases: [object, number, object][] = [
      [
        { number: '4000 0000 0000 0002' },
        402,
        { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      ],
      [
        { exp_year: year - 1 },
        400,
        { type: 'validation_error', message: "Your card's expiration year is in the past." },
      ],
      [{ exp_month: 13 }, 400, { type: 'validation_error', message: "Your card's expiration month is invalid." }],
      [{ cvc: '12' }, 400, { type: 'validation_error', message: "Your card's security code is incomplete." }],
      [{ cvc: '1a3' }, 400, { type: 'validation_error', message: "Your card's security code is invalid." }],
      [{ number: '4242 4242 4242 4241' }, 400, { type: 'validation_error', message: 'Your card number is invalid.' }],
    ];
    for (const [patch, status, error] of cases) {
      const { confirm } = await confirmedSetup(u, GROWTH_PRICE, { ...GOOD_CARD, ...patch });
      expect(confirm.statusCode, JSON.stringify(patch)).toBe(status);
      expect(confirm.json().error).toMatchObject(error);
    }
    const { confirm } = await confirmedSetup(u);
    expect(confirm.json()).toMatchObject({ status: 'succeeded' });
    const methods = await ctx.app.db.select().from(localCardPaymentMethods);
    expect(methods.length).toBeGreaterThan(0);
    expect(JSON.stringify(methods)).not.toContain('4242424242424242');
    expect(methods.at(-1)).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it('refuses a wrong client secret and a second confirmation', async () => {
    const u = await user('secret@example.com');
    const { setupIntentId, clientSecret } = await confirmedSetup(u);
    const again = await post(`/sandbox/cards/setup-intents/${setupIntentId}/confirm`, {
      client_secret: clientSecret,
      ...GOOD_CARD,
    });
    expect(again.statusCode).toBe(400);
    const wrong = await post(`/sandbox/cards/setup-intents/${setupIntentId}/confirm`, {
      client_secret: 'seti_nope',
      ...GOOD_CARD,
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('the no-credit-card trial', () => {
  it('starts a 7-day trial once, and never for Premium or a subscriber', async () => {
    const u = await user('trial@example.com');
    expect(
      (await post('/api/stripe/no-credit-card-trial', { client_id: u.username, plan_id: 7 }, u.auth)).statusCode,
    ).toBe(409);
    const res = await post('/api/stripe/no-credit-card-trial', { client_id: u.username, plan_id: 6 }, u.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().is_free_trial).toBe(true);
    const rec = await record(u.email, u.auth);
    expect(rec).toMatchObject({ is_subscribed: '1', has_used_free_trial: true, plan_name: 'Pro Monthly Membership' });
    expect(rec.trial_end! - rec.trial_start!).toBe(7 * 24 * 3600);
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/api/stripe/user/${u.email}/trial-info`,
      headers: u.auth,
    });
    expect(info.json().data).toMatch(/^7-Day Free Trial \(Pro Monthly Membership\), ends /);
    const twice = await post('/api/stripe/no-credit-card-trial', { client_id: u.username, plan_id: 6 }, u.auth);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('The free trial has already been used on this account.');
  });

  it('ends by itself after 7 days when no card was added, with no request by the user', async () => {
    const u = await user('trial-ends@example.com');
    await post('/api/stripe/no-credit-card-trial', { client_id: u.clientId, plan_id: 6 }, u.auth);
    expect((await moveClock(u.email, 6)).trials_ended).toBe(0);
    expect((await record(u.email, u.auth)).is_subscribed).toBe('1');
    // Another instance ticking at the same moment changes nothing more.
    const [first, second] = await Promise.all([moveClock(u.email, 1), ctx.app.subscriptions.endDueTrials()]);
    expect(first.trials_ended + second).toBe(1);
    const rec = await record(u.email, u.auth);
    expect(rec).toMatchObject({ is_subscribed: '', plan_name: '', has_used_free_trial: true });
    expect(
      (await post('/api/stripe/no-credit-card-trial', { client_id: u.clientId, plan_id: 6 }, u.auth)).statusCode,
    ).toBe(409);
  });

  it('converts to paid when the trial ends if a card was added during it', async () => {
    const u = await user('trial-card@example.com');
    await post('/api/stripe/no-credit-card-trial', { client_id: u.clientId, plan_id: 6 }, u.auth);
    const { setupIntentId } = await confirmedSetup(u);
    const add = await post(
      '/api/stripe/add-payment-during-trial',
      { client_id: u.username, price_id: GROWTH_PRICE, setup_intent_id: setupIntentId, subscription_type: 'month' },
      u.auth,
    );
    expect(add.statusCode).toBe(200);
    expect(add.json().error_message).toBeNull();
    expect((await record(u.email, u.auth)).is_subscribed).toBe('1');
    expect(await ctx.app.db.select().from(localCardInvoices).where(eq(localCardInvoices.customerId, 'none'))).toEqual(
      [],
    );
    await moveClock(u.email, 7);
    const rec = await record(u.email, u.auth);
    expect(rec).toMatchObject({ is_subscribed: '2', plan_name: 'Pro Monthly Membership' });
    const [sub] = await ctx.app.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.clientId, u.clientId));
    expect(sub!.status).toBe('active');
    const invoices = await ctx.app.db
      .select()
      .from(localCardInvoices)
      .where(eq(localCardInvoices.subscriptionId, sub!.providerSubscriptionId));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amountCents: 2900, status: 'paid' });
  });

  it('refuses a card for a trial that is not confirmed, or when there is no trial', async () => {
    const u = await user('trial-refusals@example.com');
    const { setupIntentId } = await confirmedSetup(u);
    const body = {
      client_id: u.clientId,
      price_id: GROWTH_PRICE,
      setup_intent_id: setupIntentId,
      subscription_type: 'month',
    };
    expect((await post('/api/stripe/add-payment-during-trial', body, u.auth)).statusCode).toBe(409);
    await post('/api/stripe/no-credit-card-trial', { client_id: u.clientId, plan_id: 6 }, u.auth);
    const declined = await confirmedSetup(u, GROWTH_PRICE, { ...GOOD_CARD, number: '4000000000000002' });
    const refused = await post(
      '/api/stripe/add-payment-during-trial',
      { ...body, setup_intent_id: declined.setupIntentId },
      u.auth,
    );
    expect(refused.statusCode).toBe(409);
    expect((await record(u.email, u.auth)).is_subscribed).toBe('1');
  });

  it('cancels a trial (and the card added to it) at once', async () => {
    const u = await user('trial-cancel@example.com');
    expect((await post('/api/stripe/cancel-trial', { client_id: u.clientId }, u.auth)).statusCode).toBe(409);
    await post('/api/stripe/no-credit-card-trial', { client_id: u.clientId, plan_id: 6 }, u.auth);
    const { setupIntentId } = await confirmedSetup(u);
    await post(
      '/api/stripe/add-payment-during-trial',
      { client_id: u.clientId, price_id: GROWTH_PRICE, setup_intent_id: setupIntentId, subscription_type: 'month' },
      u.auth,
    );
    const res = await post('/api/stripe/cancel-trial', { client_id: u.clientId }, u.auth);
    expect(res.json()).toEqual({ data: true });
    expect(await record(u.email, u.auth)).toMatchObject({ is_subscribed: '', plan_name: '' });
    await moveClock(u.email, 10);
    // The card is never charged.
    expect((await record(u.email, u.auth)).is_subscribed).toBe('');
    const [sub] = await ctx.app.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.clientId, u.clientId));
    expect(sub!.status).toBe('canceled');
  });
});

describe('card subscriptions', () => {
  it('subscribes with a confirmed card, records the payment and labels the membership', async () => {
    const u = await user('subscriber@example.com');
    const { setupIntentId, body } = await subscribe(u);
    expect(body).toMatchObject({ status: 'active', plan_name: 'Pro Monthly Membership' });
    expect(await record(u.email, u.auth)).toMatchObject({ is_subscribed: '2', plan_name: 'Pro Monthly Membership' });
    const saved = await post('/api/stripe/save-payment', { pi_id: setupIntentId, client_id: u.username }, u.auth);
    expect(saved.json()).toEqual({ saved: true });
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/api/stripe/user/${u.email}/trial-info`,
      headers: u.auth,
    });
    expect(info.json()).toEqual({ data: 'Pro Monthly Membership' });
    // A reload of the success page creates nothing new.
    const replay = await post(
      '/api/stripe/create-subscription',
      { setup_intent_id: setupIntentId, client_id: u.username, price_id: GROWTH_PRICE },
      u.auth,
    );
    expect(replay.json().subscription_id).toBe(body.subscription_id);
    expect(
      await ctx.app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.clientId, u.clientId)),
    ).toHaveLength(1);
    // Trial refused for a subscriber.
    expect(
      (await post('/api/stripe/no-credit-card-trial', { client_id: u.clientId, plan_id: 6 }, u.auth)).statusCode,
    ).toBe(409);
  });

  it('records nothing for a declined card', async () => {
    const u = await user('declined@example.com');
    const { setupIntentId, confirm } = await confirmedSetup(u, GROWTH_PRICE, {
      ...GOOD_CARD,
      number: '4000000000000002',
    });
    expect(confirm.json().error.message).toBe('Your card was declined.');
    const res = await post(
      '/api/stripe/create-subscription',
      { setup_intent_id: setupIntentId, client_id: u.username, price_id: GROWTH_PRICE },
      u.auth,
    );
    expect(res.statusCode).toBe(409);
    expect(await record(u.email, u.auth)).toMatchObject({ is_subscribed: '', plan_name: '' });
    expect(
      await ctx.app.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.clientId, u.clientId)),
    ).toEqual([]);
    expect(
      (await post('/api/stripe/save-payment', { pi_id: setupIntentId, client_id: u.username }, u.auth)).statusCode,
    ).toBe(409);
  });

  it('refuses a card setup made for another account', async () => {
    const a = await user('setup-a@example.com');
    const b = await user('setup-b@example.com');
    const { setupIntentId } = await confirmedSetup(a);
    const res = await post(
      '/api/stripe/create-subscription',
      { setup_intent_id: setupIntentId, client_id: b.username, price_id: GROWTH_PRICE },
      b.auth,
    );
    expect(res.statusCode).toBe(404);
  });

  it('refuses cancelling before two months and cancels after, renewing monthly meanwhile', async () => {
    const u = await user('cancel-sub@example.com');
    expect((await post('/api/stripe/cancel-subscription', { client_id: u.clientId }, u.auth)).statusCode).toBe(409);
    await subscribe(u);
    const early = await post('/api/stripe/cancel-subscription', { client_id: u.clientId }, u.auth);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('You cannot unsubscribe before two months.');
    await moveClock(u.email, 40);
    expect((await post('/api/stripe/cancel-subscription', { client_id: u.clientId }, u.auth)).statusCode).toBe(409);
    await moveClock(u.email, 25);
    expect((await record(u.email, u.auth)).is_subscribed).toBe('2');
    const [sub] = await ctx.app.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.clientId, u.clientId));
    const invoices = await ctx.app.db
      .select()
      .from(localCardInvoices)
      .where(eq(localCardInvoices.subscriptionId, sub!.providerSubscriptionId));
    expect(invoices.length).toBe(3);
    const res = await post('/api/stripe/cancel-subscription', { client_id: u.clientId }, u.auth);
    expect(res.json()).toEqual({ data: true });
    expect(await record(u.email, u.auth)).toMatchObject({ is_subscribed: '', plan_name: '' });
  });

  it('switches plans: the new subscription replaces the old one', async () => {
    const u = await user('switch@example.com');
    await subscribe(u);
    await subscribe(u, PREMIUM_PRICE);
    expect(await record(u.email, u.auth)).toMatchObject({
      is_subscribed: '2',
      plan_name: 'Premium Monthly Membership',
    });
    const subs = await ctx.app.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.clientId, u.clientId));
    expect(subs.map((s) => s.status).sort()).toEqual(['active', 'canceled']);
  });
});

describe('the webhook', () => {
  it('refuses a forged or unsigned delivery and processes each event once', async () => {
    const u = await user('webhook@example.com');
    const { body } = await subscribe(u);
    const { cards, sandbox } = ctx.app.adapters.payments;
    const provider = sandbox!.cards!;
    const subscription = await cards.retrieveSubscription(body.subscription_id);
    const payload = JSON.stringify({
      id: 'evt_webhook_test_1',
      type: 'customer.subscription.deleted',
      created: new Date().toISOString(),
      subscription: { ...subscription, status: 'canceled' },
    });
    const send = (signature?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload,
        headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
      });
    expect((await send()).statusCode).toBe(400);
    const forged = provider.signPayload(payload).replace(/v1=\w+/, `v1=${'0'.repeat(64)}`);
    expect((await send(forged)).statusCode).toBe(400);
    const stale = provider.signPayload(payload, new Date(Date.now() - 10 * 60 * 1000));
    expect((await send(stale)).statusCode).toBe(400);
    expect((await record(u.email, u.auth)).is_subscribed).toBe('2');

    const signed = provider.signPayload(payload);
    const first = await send(signed);
    expect(first.json()).toEqual({ received: true, processed: true });
    expect((await record(u.email, u.auth)).is_subscribed).toBe('');
    const replay = await send(signed);
    expect(replay.json()).toEqual({ received: true, processed: false });
    const rows = await ctx.app.db
      .select()
      .from(billingProcessedEvents)
      .where(eq(billingProcessedEvents.eventId, 'evt_webhook_test_1'));
    expect(rows).toHaveLength(1);
  });
});

describe('one-time purchases', () => {
  it('charges the template price once and remembers the purchase', async () => {
    const u = await user('buyer@example.com');
    const other = await user('other-buyer@example.com');
    const [paid] = await ctx.app.db
      .select()
      .from(projectPlans)
      .where(and(eq(projectPlans.free, false), eq(projectPlans.active, true)))
      .limit(1);
    const [free] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.free, true)).limit(1);
    expect(paid!.price).toBeGreaterThan(0);
    const status = () =>
      ctx.app.inject({ method: 'GET', url: `/api/purchases/project-plans/${paid!.id}`, headers: u.auth });
    expect((await status()).json()).toEqual({ project_plan_id: paid!.id, paid: false });
    expect((await post('/api/paypal/orders', { plan_id: free!.id }, u.auth)).statusCode).toBe(409);
    expect((await post('/api/paypal/orders', { plan_id: paid!.id, amount: 1 }, u.auth)).statusCode).toBe(400);

    const created = await post('/api/paypal/orders', { plan_id: paid!.id }, u.auth);
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: string };
    const order = await ctx.app.inject({ method: 'POST', url: `/sandbox/orders/${id}/approve`, headers: other.auth });
    expect(order.statusCode).toBe(403);
    expect((await post(`/api/paypal/orders/${id}/capture`, {}, u.auth)).statusCode).toBe(402);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/sandbox/orders/${id}/approve`, headers: u.auth })).json(),
    ).toEqual({
      id,
      status: 'APPROVED',
    });
    expect((await post(`/api/paypal/orders/${id}/capture`, {}, other.auth)).statusCode).toBe(403);
    const captured = await post(`/api/paypal/orders/${id}/capture`, {}, u.auth);
    expect(captured.json()).toEqual({ id, status: 'COMPLETED', project_plan_id: paid!.id });
    expect((await post(`/api/paypal/orders/${id}/capture`, {}, u.auth)).statusCode).toBe(200);
    expect((await status()).json()).toEqual({ project_plan_id: paid!.id, paid: true });
    expect(await hasPaidForTemplate(ctx.app.db, u.clientId, paid!.id)).toBe(true);
    expect(await hasPaidForTemplate(ctx.app.db, other.clientId, paid!.id)).toBe(false);
    const again = await post('/api/paypal/orders', { plan_id: paid!.id }, u.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You already own this project plan.');
    const order2 = await ctx.app.purchases.captureOrder(await ensureClient(ctx.app.db, u.email), id);
    expect(order2.status).toBe('COMPLETED');
  });
});

describe('members and the sandbox', () => {
  it('lets a member take any template and names the local payment buttons', async () => {
    const u = await user('member-templates@example.com');
    const [paid] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.free, false)).limit(1);
    const status = () =>
      ctx.app.inject({ method: 'GET', url: `/api/purchases/project-plans/${paid!.id}`, headers: u.auth });
    expect((await status()).json().paid).toBe(false);
    await post('/api/stripe/no-credit-card-trial', { client_id: u.clientId, plan_id: 6 }, u.auth);
    expect((await status()).json().paid).toBe(true);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/paypal/client-id', headers: u.auth });
    expect(config.json()).toEqual({ client_id: 'local-sandbox', provider: 'local' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/purchases/project-plans/999999', headers: u.auth })).statusCode,
    ).toBe(404);
  });

  it('takes a paid template only while the subscription state is trial or paid, as the site shows it', async () => {
    const u = await user('member-state@example.com');
    const [paid] = await ctx.app.db.select().from(projectPlans).where(eq(projectPlans.free, false)).limit(1);
    const status = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/purchases/project-plans/${paid!.id}`, headers: u.auth })).json()
        .paid as boolean;
    const day = 24 * 3600 * 1000;
    const set = (values: Partial<typeof clients.$inferInsert>) =>
      ctx.app.db.update(clients).set(values).where(eq(clients.id, u.clientId));

    // A trial whose end has passed (the provider's end not yet applied) is over.
    await set({
      isSubscribed: '1',
      hasUsedFreeTrial: false,
      trialStart: new Date(Date.now() - 8 * day),
      trialEnd: new Date(Date.now() - day),
    });
    expect(await status()).toBe(false);
    await set({ trialEnd: new Date(Date.now() + day) });
    expect(await status()).toBe(true);
    await set({ isSubscribed: '', trialStart: null, trialEnd: null });
    expect(await status()).toBe(false);
    await set({ isSubscribed: '2' });
    expect(await status()).toBe(true);
  });

  it('has no sandbox routes in production', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production', ADMIN_PASSWORD: 'Admin#Pass2026' });
    try {
      const clock = await production.app.inject({
        method: 'POST',
        url: '/sandbox/billing/clock',
        payload: { email: 'a@b.co', days: 1 },
      });
      expect(clock.statusCode).toBe(404);
      const confirm = await production.app.inject({
        method: 'POST',
        url: '/sandbox/cards/setup-intents/seti_x/confirm',
        payload: {},
      });
      expect(confirm.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
