import { ClientRecordSchema } from '@dpp/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestContext } from '../../../test/helpers';
import { STRIPE_API_VERSION } from '../../adapters/payments/payments.stripe';
import { ensureClient } from '../clients/clients.repository';
import { billingCustomers, billingProcessedEvents } from './billing.tables';

const WEBHOOK_SECRET = 'whsec_route_test_secret';

/** The app with the Stripe adapter configured; the webhook route needs no call to Stripe. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    STRIPE_SECRET_KEY: 'sk_test_route_test',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_route_test',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});
afterAll(async () => {
  await ctx.close();
});

const now = () => Math.floor(Date.now() / 1000);

function stripeEvent(id: string, type: string, object: object) {
  return {
    id,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Delivers an event as Stripe does: the raw JSON, signed with the endpoint's secret. */
function deliver(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now() });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

/** An active monthly Growth subscription of a customer, in the shape Stripe sends. */
function subscription(customer: string) {
  const start = now();
  return {
    id: 'sub_route_1',
    object: 'subscription',
    customer,
    status: 'active',
    start_date: start,
    trial_end: null,
    default_payment_method: 'pm_route_1',
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_route_1',
          object: 'subscription_item',
          current_period_end: start + 30 * 86_400,
          price: { id: 'price_dpp_growth_monthly', object: 'price' },
        },
      ],
    },
  };
}

describe('the Stripe webhook route', () => {
  it('acknowledges a signed event of a type it does not handle, so Stripe stops retrying', async () => {
    const res = await deliver(stripeEvent('evt_route_refund', 'charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, processed: false });
    // Ignored, not recorded: nothing was done with it.
    const rows = await ctx.app.db
      .select()
      .from(billingProcessedEvents)
      .where(eq(billingProcessedEvents.eventId, 'evt_route_refund'));
    expect(rows).toEqual([]);
  });

  it('still refuses an unhandled type when the signature is forged', async () => {
    const res = await deliver(stripeEvent('evt_route_forged', 'charge.refunded', { id: 'ch_2' }), 'whsec_other');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The webhook signature could not be verified.');
  });

  it("processes a handled event once: the subscription reaches the customer's client record", async () => {
    const email = 'stripe-webhook@example.com';
    const { auth } = await signedInUser(ctx.app, email);
    const client = await ensureClient(ctx.app.db, email);
    await ctx.app.db
      .insert(billingCustomers)
      .values({ clientId: client.id, provider: 'stripe', providerCustomerId: 'cus_route_1' });
    const event = stripeEvent('evt_route_created', 'customer.subscription.created', subscription('cus_route_1'));

    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, processed: true });
    const record = ClientRecordSchema.parse(
      (await ctx.app.inject({ method: 'POST', url: '/api/client/get', payload: { email }, headers: auth })).json(),
    );
    expect(record).toMatchObject({ is_subscribed: '2', plan_name: 'Pro Monthly Membership' });

    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, processed: false });
  });
});
