import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckedRequest,
  type ContractServer,
  contractPath,
  type FixtureAnswer,
  startContractServer,
} from '../../../test/contracts/contract-server';
import { AppError } from '../../errors';
import { type OpenApiContract, openApiContract, readOpenApiFile } from '../../lib/openapi-contract';
import { type CardPaymentsPort, UnsupportedWebhookEventError } from '../../ports/payments.port';
import { STRIPE_API_VERSION, stripeCardPayments } from './payments.stripe';

/**
 * Every request the Stripe adapter sends goes to a local server that checks it against Stripe's
 * OpenAPI document (contracts/stripe/spec3.yaml: path, method, every form parameter, required ones)
 * and answers with a fixture that is itself checked against the operation's response schema.
 *
 * The document describes API version 2023-08-16 while the SDK pins a newer one (see SOURCE.md and
 * ADR 0011); fixtures follow the document and add the newer fields the adapter reads.
 */

const SECRET_KEY = 'sk_test_contract_0123456789';
const PUBLISHABLE_KEY = 'pk_test_contract_0123456789';
const WEBHOOK_SECRET = 'whsec_contract_0123456789';
const NOW = Math.floor(Date.now() / 1000);

let contract: OpenApiContract;
let server: ContractServer;
let payments: CardPaymentsPort;
/** The fixture of the next call, by operation id; each test sets what it needs. */
let fixtures: Record<string, (request: CheckedRequest) => FixtureAnswer> = {};

beforeAll(async () => {
  contract = openApiContract({ load: readOpenApiFile(contractPath('stripe/spec3.yaml')), refuseUndeclared: true });
  // Read the 4 MB document here rather than in the first test.
  contract.match('GET', '/');
  server = await startContractServer({
    contract,
    rules: stripeRules,
    answer: (request) => {
      const fixture = fixtures[request.operationId];
      if (!fixture) throw new Error(`no fixture for ${request.operationId}`);
      return fixture(request);
    },
    refuse: (problems) => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: problems.join('; ') } },
    }),
  });
  payments = stripeCardPayments({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: server.port,
    protocol: 'http',
    // No automatic retries: the SDK would then add idempotency keys of its own and hide a missing one.
    maxNetworkRetries: 0,
    // A limit for a hang, as every limit of the tests: the contract server checks an operation's first request
    // against the 4 MB document, which took past the production limit of 20 s on a machine busy with other work.
    timeoutMs: 120_000,
  });
});

afterAll(async () => {
  await server?.close();
});

/** What Stripe requires beyond the document: the secret key, the pinned version, an idempotency key on creates. */
function stripeRules(request: CheckedRequest): string[] {
  const problems: string[] = [];
  if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) problems.push('not authenticated with the secret key');
  if (request.headers['stripe-version'] !== STRIPE_API_VERSION) problems.push('Stripe-Version is not the pinned one');
  if (request.method === 'POST' && !request.headers['idempotency-key']) problems.push('POST without Idempotency-Key');
  return problems;
}

function lastRequest(): CheckedRequest {
  const request = server.requests.at(-1);
  if (!request) throw new Error('no request reached the server');
  return request;
}

// Fixtures: the contract's required fields, filled as Stripe fills them.

function customerFixture(id: string, email: string) {
  return { id, object: 'customer', created: NOW, livemode: false, email, metadata: {} };
}

function setupIntentFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: 'seti_1',
    object: 'setup_intent',
    client_secret: 'seti_1_secret_abc',
    created: NOW,
    customer: 'cus_1',
    livemode: false,
    metadata: {},
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    usage: 'off_session',
    ...overrides,
  };
}

function subscriptionFixture(
  options: {
    id?: string;
    status?: string;
    trialEnd?: number | null;
    periodEnd?: number;
    itemPeriodEnd?: number | null;
    paymentMethod?: string | null;
    metadata?: Record<string, string>;
  } = {},
) {
  const id = options.id ?? 'sub_1';
  const periodEnd = options.periodEnd ?? NOW + 7 * 86_400;
  const item: Record<string, unknown> = {
    id: 'si_1',
    object: 'subscription_item',
    created: NOW,
    metadata: {},
    subscription: id,
    price: {
      id: 'price_growth_month',
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: NOW,
      currency: 'usd',
      livemode: false,
      metadata: {},
      product: 'prod_growth',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      unit_amount: 1900,
    },
  };
  // Since 2025-03-31 the period is on the item; the 2023 document does not know the field (extra fields are allowed).
  if (options.itemPeriodEnd !== null) item.current_period_end = options.itemPeriodEnd ?? periodEnd;
  return {
    id,
    object: 'subscription',
    automatic_tax: { enabled: false },
    billing_cycle_anchor: NOW,
    cancel_at_period_end: false,
    collection_method: 'charge_automatically',
    created: NOW,
    currency: 'usd',
    current_period_end: periodEnd,
    current_period_start: NOW,
    customer: 'cus_1',
    default_payment_method: options.paymentMethod ?? null,
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    livemode: false,
    metadata: options.metadata ?? {},
    start_date: NOW,
    status: options.status ?? 'active',
    trial_end: options.trialEnd ?? null,
  };
}

function paymentIntentFixture() {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    amount: 4900,
    capture_method: 'automatic',
    confirmation_method: 'automatic',
    created: NOW,
    currency: 'usd',
    customer: 'cus_1',
    livemode: false,
    payment_method_types: ['card'],
    status: 'succeeded',
  };
}

function invoiceFixture(shape: 'current' | 'legacy', amountDue: number, amountPaid: number) {
  const invoice: Record<string, unknown> = {
    id: 'in_1',
    object: 'invoice',
    amount_due: amountDue,
    amount_paid: amountPaid,
    amount_remaining: amountDue - amountPaid,
    amount_shipping: 0,
    attempt_count: 1,
    attempted: true,
    automatic_tax: { enabled: false, status: null },
    collection_method: 'charge_automatically',
    created: NOW,
    currency: 'usd',
    customer: 'cus_1',
    default_tax_rates: [],
    lines: { object: 'list', data: [], has_more: false, url: '/v1/invoices/in_1/lines' },
    livemode: false,
    paid: amountPaid > 0,
    paid_out_of_band: false,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: NOW,
    period_start: NOW,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    starting_balance: 0,
    status_transitions: { finalized_at: NOW, marked_uncollectible_at: null, paid_at: NOW, voided_at: null },
    subtotal: amountDue,
    total: amountDue,
    total_tax_amounts: [],
  };
  if (shape === 'legacy') invoice.subscription = 'sub_1';
  else invoice.parent = { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} } };
  return invoice;
}

describe('Stripe requests against the contract', () => {
  afterEach(() => {
    const violations = [...server.violations];
    server.reset();
    fixtures = {};
    expect(violations).toEqual([]);
  });

  it('gives the publishable key for the browser', () => {
    expect(payments.kind).toBe('stripe');
    expect(payments.publishableKey()).toBe(PUBLISHABLE_KEY);
  });

  it('creates a customer with the client id in its metadata and our idempotency key', async () => {
    fixtures.PostCustomers = (request) => {
      const body = request.body as { email: string };
      return { status: 200, body: customerFixture('cus_new', body.email) };
    };
    await expect(payments.createCustomer({ email: 'ann@example.com', clientId: 42 }, 'customer-42')).resolves.toEqual({
      id: 'cus_new',
    });
    const request = lastRequest();
    expect(request.operationId).toBe('PostCustomers');
    expect(request.headers['idempotency-key']).toBe('customer-42');
    expect(request.rawBody).toContain('metadata[client_id]=42');
    expect(request.body).toEqual({ email: 'ann@example.com', metadata: { client_id: '42' } });
  });

  it('creates a SetupIntent for later off-session charges and maps it', async () => {
    fixtures.PostSetupIntents = (request) => ({
      status: 200,
      body: setupIntentFixture({ metadata: (request.body as { metadata: Record<string, string> }).metadata }),
    });
    const metadata = { client_id: '42', price_id: 'price_growth_month', trial_upgrade: 'true' };
    const view = await payments.createSetupIntent({ customerId: 'cus_1', metadata }, 'setup-42-1');
    expect(view).toEqual({
      id: 'seti_1',
      clientSecret: 'seti_1_secret_abc',
      status: 'requires_payment_method',
      customerId: 'cus_1',
      paymentMethodId: null,
      metadata,
    });
    const request = lastRequest();
    expect(request.operationId).toBe('PostSetupIntents');
    expect(request.headers['idempotency-key']).toBe('setup-42-1');
    expect(request.body).toEqual({
      customer: 'cus_1',
      usage: 'off_session',
      automatic_payment_methods: { enabled: 'true' },
      metadata,
    });
  });

  it('reads a succeeded SetupIntent with its saved card', async () => {
    fixtures.GetSetupIntentsIntent = () => ({
      status: 200,
      body: setupIntentFixture({ id: 'seti_9', status: 'succeeded', payment_method: 'pm_card_visa' }),
    });
    const view = await payments.retrieveSetupIntent('seti_9');
    expect(view).toMatchObject({ id: 'seti_9', status: 'succeeded', paymentMethodId: 'pm_card_visa' });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/setup_intents/seti_9' });
  });

  it('starts a trial subscription that ends by itself without a card', async () => {
    const trialEnd = new Date((NOW + 7 * 86_400) * 1000);
    fixtures.PostSubscriptions = () => ({
      status: 200,
      body: subscriptionFixture({
        status: 'trialing',
        trialEnd: NOW + 7 * 86_400,
        periodEnd: NOW + 7 * 86_400,
        metadata: { client_id: '42' },
      }),
    });
    const view = await payments.createSubscription(
      { customerId: 'cus_1', priceId: 'price_growth_month', trialEnd, metadata: { client_id: '42' } },
      'subscription-42-trial',
    );
    expect(view).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      priceId: 'price_growth_month',
      status: 'trialing',
      startedAt: new Date(NOW * 1000),
      trialEnd: new Date((NOW + 7 * 86_400) * 1000),
      currentPeriodEnd: new Date((NOW + 7 * 86_400) * 1000),
      defaultPaymentMethodId: null,
      metadata: { client_id: '42' },
    });
    const request = lastRequest();
    expect(request.headers['idempotency-key']).toBe('subscription-42-trial');
    expect(request.body).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_growth_month' }],
      metadata: { client_id: '42' },
      payment_behavior: 'error_if_incomplete',
      trial_end: String(NOW + 7 * 86_400),
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
  });

  it('subscribes with a saved card, reading the period end from the item as the pinned version sends it', async () => {
    fixtures.PostSubscriptions = () => ({
      status: 200,
      body: subscriptionFixture({
        paymentMethod: 'pm_card_visa',
        periodEnd: NOW + 1000,
        itemPeriodEnd: NOW + 30 * 86_400,
      }),
    });
    const view = await payments.createSubscription(
      { customerId: 'cus_1', priceId: 'price_growth_month', defaultPaymentMethodId: 'pm_card_visa', metadata: {} },
      'subscription-42-paid',
    );
    expect(view.currentPeriodEnd).toEqual(new Date((NOW + 30 * 86_400) * 1000));
    expect(view.defaultPaymentMethodId).toBe('pm_card_visa');
    const body = lastRequest().body as Record<string, unknown>;
    expect(body.default_payment_method).toBe('pm_card_visa');
    expect(body).not.toHaveProperty('trial_end');
  });

  it("passes a card decline on with Stripe's message", async () => {
    fixtures.PostSubscriptions = () => ({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      },
    });
    const failure = payments.createSubscription(
      { customerId: 'cus_1', priceId: 'price_growth_month', defaultPaymentMethodId: 'pm_card_declined', metadata: {} },
      'subscription-42-declined',
    );
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: 'Your card was declined.',
      details: { type: 'card_error', code: 'card_declined', declineCode: 'generic_decline' },
    });
  });

  it('reads a subscription from an older API version, the period end on the subscription', async () => {
    fixtures.GetSubscriptionsSubscriptionExposedId = () => ({
      status: 200,
      body: subscriptionFixture({ id: 'sub_old', periodEnd: NOW + 5000, itemPeriodEnd: null }),
    });
    const view = await payments.retrieveSubscription('sub_old');
    expect(view.currentPeriodEnd).toEqual(new Date((NOW + 5000) * 1000));
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/subscriptions/sub_old' });
  });

  it('cancels a subscription at once', async () => {
    fixtures.DeleteSubscriptionsSubscriptionExposedId = () => ({
      status: 200,
      body: subscriptionFixture({ id: 'sub_7', status: 'canceled' }),
    });
    const view = await payments.cancelSubscription('sub_7', 'cancel-sub_7');
    expect(view).toMatchObject({ id: 'sub_7', status: 'canceled' });
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_7' });
  });

  it('reads a PaymentIntent', async () => {
    fixtures.GetPaymentIntentsIntent = () => ({ status: 200, body: paymentIntentFixture() });
    await expect(payments.retrievePaymentIntent('pi_1')).resolves.toEqual({
      id: 'pi_1',
      status: 'succeeded',
      amountCents: 4900,
      currency: 'usd',
      customerId: 'cus_1',
    });
  });

  it('turns a missing resource into NOT_FOUND', async () => {
    fixtures.GetSubscriptionsSubscriptionExposedId = () => ({
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such subscription: 'sub_x'" },
      },
    });
    await expect(payments.retrieveSubscription('sub_x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the contract checker itself', () => {
  afterEach(() => {
    server.reset();
    fixtures = {};
  });

  const send = (method: string, path: string, form: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        'stripe-version': STRIPE_API_VERSION,
        'idempotency-key': 'manual-1',
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      body: form || undefined,
    });

  it('refuses a parameter the operation does not have', async () => {
    const response = await send('POST', '/v1/customers', 'email=a%40example.com&favourite_colour=blue');
    expect(response.status).toBe(400);
    expect(server.violations.join('\n')).toMatch(/favourite_colour/);
  });

  it('refuses an unknown nested parameter', async () => {
    await send('POST', '/v1/subscriptions', 'customer=cus_1&items[0][price]=price_1&items[0][colour]=blue');
    expect(server.violations.join('\n')).toMatch(/\/requestBody\/items\/0\/colour is not a parameter/);
  });

  it('refuses a request without a required parameter', async () => {
    await send('POST', '/v1/subscriptions', 'items[0][price]=price_1');
    expect(server.violations.join('\n')).toMatch(/must have required property 'customer'/);
  });

  it('refuses a value of the wrong type', async () => {
    await send('POST', '/v1/subscriptions', 'customer=cus_1&trial_end=tomorrow');
    expect(server.violations.join('\n')).toMatch(/trial_end/);
  });

  it('refuses a path or a method the contract does not have', async () => {
    await send('POST', '/v1/customerz', 'email=a%40example.com');
    await send('PUT', '/v1/customers', 'email=a%40example.com');
    expect(server.violations).toHaveLength(2);
    expect(server.violations.join('\n')).toMatch(/POST \/v1\/customerz is not an operation of the contract/);
    expect(server.violations.join('\n')).toMatch(/PUT \/v1\/customers is not an operation/);
  });

  it('refuses a create without an idempotency key, and a wrong API key', async () => {
    await send('POST', '/v1/customers', 'email=a%40example.com', { 'idempotency-key': '' });
    await send('GET', '/v1/customers/cus_1', '', { authorization: 'Bearer sk_test_other' });
    expect(server.violations.join('\n')).toMatch(/POST without Idempotency-Key/);
    expect(server.violations.join('\n')).toMatch(/not authenticated with the secret key/);
  });

  it('refuses a fixture that lacks what the response schema requires', async () => {
    fixtures.PostCustomers = () => ({ status: 200, body: { id: 'cus_1', object: 'customer' } });
    await payments.createCustomer({ email: 'ann@example.com', clientId: 1 }, 'customer-1');
    expect(server.violations.join('\n')).toMatch(/fixture of PostCustomers: \/ must have required property 'created'/);
  });

  it('lets an SDK call fail when the contract is broken, so no test passes on a bad request', async () => {
    // The adapter never sends this; a raw SDK call stands in for a regression.
    const stripe = new Stripe(SECRET_KEY, {
      apiVersion: STRIPE_API_VERSION,
      host: '127.0.0.1',
      port: server.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const call = stripe.customers.create({ email: 'a@example.com', nickname: 'x' } as Stripe.CustomerCreateParams, {
      idempotencyKey: 'k',
    });
    await expect(call).rejects.toThrow(/nickname/);
    expect(server.violations.length).toBeGreaterThan(0);
    expect(server.violations.every((violation) => violation.includes('nickname'))).toBe(true);
  });
});

describe('Stripe webhooks', () => {
  const signed = (event: object, options: { secret?: string; timestamp?: number } = {}) => {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return { body: Buffer.from(payload), header };
  };
  const event = (type: string, object: object, id = 'evt_1') => ({
    id,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: NOW,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

  it('accepts a correctly signed subscription event and maps it', () => {
    const object = subscriptionFixture({ status: 'trialing', trialEnd: NOW + 86_400, metadata: { client_id: '42' } });
    expect(contract.checkSchema('subscription', object)).toEqual([]);
    const delivery = signed(event('customer.subscription.trial_will_end', object));
    expect(payments.verifyWebhook(delivery.body, delivery.header)).toEqual({
      id: 'evt_1',
      type: 'customer.subscription.trial_will_end',
      created: new Date(NOW * 1000),
      subscription: expect.objectContaining({ id: 'sub_1', status: 'trialing', metadata: { client_id: '42' } }),
    });
  });

  it('maps paid and failed invoices in the pinned shape and in the older one', () => {
    const legacy = invoiceFixture('legacy', 1900, 0);
    expect(contract.checkSchema('invoice', legacy)).toEqual([]);
    const paid = signed(event('invoice.paid', invoiceFixture('current', 1900, 1900), 'evt_paid'));
    expect(payments.verifyWebhook(paid.body, paid.header)).toEqual({
      id: 'evt_paid',
      type: 'invoice.paid',
      created: new Date(NOW * 1000),
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      amountCents: 1900,
    });
    const failed = signed(event('invoice.payment_failed', legacy, 'evt_failed'));
    expect(payments.verifyWebhook(failed.body, failed.header)).toMatchObject({
      type: 'invoice.payment_failed',
      subscriptionId: 'sub_1',
      amountCents: 1900,
    });
  });

  it('maps a succeeded SetupIntent', () => {
    const object = setupIntentFixture({ status: 'succeeded', payment_method: 'pm_1', metadata: { client_id: '42' } });
    expect(contract.checkSchema('setup_intent', object)).toEqual([]);
    const delivery = signed(event('setup_intent.succeeded', object));
    expect(payments.verifyWebhook(delivery.body, delivery.header)).toMatchObject({
      type: 'setup_intent.succeeded',
      setupIntent: { id: 'seti_1', status: 'succeeded', paymentMethodId: 'pm_1', metadata: { client_id: '42' } },
    });
  });

  it('names an event type the billing module does not handle, so the route can acknowledge and ignore it', () => {
    const delivery = signed(event('charge.refunded', { id: 'ch_1', object: 'charge' }, 'evt_other'));
    let caught: unknown;
    try {
      payments.verifyWebhook(delivery.body, delivery.header);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UnsupportedWebhookEventError);
    expect(caught).toMatchObject({ eventId: 'evt_other', eventType: 'charge.refunded' });
  });

  it('refuses a forged signature and an altered body', () => {
    const forged = signed(event('invoice.paid', invoiceFixture('current', 1900, 1900)), { secret: 'whsec_other' });
    expect(() => payments.verifyWebhook(forged.body, forged.header)).toThrow(
      'The webhook signature could not be verified.',
    );
    const genuine = signed(event('invoice.paid', invoiceFixture('current', 1900, 1900)));
    const altered = Buffer.from(genuine.body.toString().replace('"amount_paid":1900', '"amount_paid":1'));
    expect(() => payments.verifyWebhook(altered, genuine.header)).toThrow(AppError);
  });

  it('refuses a delivery without the signature header', () => {
    const delivery = signed(event('invoice.paid', invoiceFixture('current', 1900, 1900)));
    expect(() => payments.verifyWebhook(delivery.body, undefined)).toThrow('The Stripe-Signature header is missing.');
    expect(() => payments.verifyWebhook(delivery.body, '')).toThrow(AppError);
  });

  it('refuses a replay signed more than five minutes ago, and accepts one just inside the window', () => {
    const now = Math.floor(Date.now() / 1000);
    const old = signed(event('invoice.paid', invoiceFixture('current', 1900, 1900)), { timestamp: now - 301 });
    let caught: unknown;
    try {
      payments.verifyWebhook(old.body, old.header);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { reason: expect.stringMatching(/tolerance/i) },
    });
    const recent = signed(event('invoice.paid', invoiceFixture('current', 1900, 1900)), { timestamp: now - 240 });
    expect(payments.verifyWebhook(recent.body, recent.header)).toMatchObject({ type: 'invoice.paid' });
  });
});
