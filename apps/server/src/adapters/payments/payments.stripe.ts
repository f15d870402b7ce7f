import Stripe from 'stripe';
import { AppError } from '../../errors';
import { countUpstreamError } from '../../lib/metrics';
import {
  type BillingEvent,
  type CardPaymentsPort,
  type PaymentIntentView,
  type SetupIntentStatus,
  type SetupIntentView,
  type SubscriptionStatus,
  type SubscriptionView,
  UnsupportedWebhookEventError,
} from '../../ports/payments.port';

interface StripeCardPaymentsOptions {
  /** sk_live_… or sk_test_…; never leaves the server. */
  secretKey: string;
  /** pk_live_… or pk_test_…; handed to the browser's card form. */
  publishableKey: string;
  /** whsec_… of the webhook endpoint. */
  webhookSecret: string;
  /** Only for tests: where the API is reached instead of api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Retries of failed calls; each retry repeats the same idempotency key. */
  maxNetworkRetries?: number;
  /** Seconds a webhook signature stays valid (Stripe's default: 300). */
  webhookToleranceSeconds?: number;
  /** How long one call may take (20 s by default). */
  timeoutMs?: number;
}

/**
 * The API version every request declares (Stripe-Version): the one this SDK release was generated
 * for, so the SDK's types describe exactly what the API answers. The webhook endpoint must be
 * created with the same version, since deliveries are rendered in the endpoint's version.
 */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

/** The webhook event types `verifyWebhook` maps; the endpoint's enabled_events should list exactly these. */
export const SUPPORTED_WEBHOOK_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'setup_intent.succeeded',
] as const satisfies readonly BillingEvent['type'][];

const SETUP_INTENT_STATUSES: readonly SetupIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'canceled',
  'succeeded',
];
const PAYMENT_INTENT_STATUSES: readonly PaymentIntentView['status'][] = [...SETUP_INTENT_STATUSES, 'requires_capture'];
const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
];

/** Cards and subscriptions through Stripe (customers, SetupIntents, subscriptions with trials, webhooks). */
export function stripeCardPayments(options: StripeCardPaymentsOptions): CardPaymentsPort {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  const tolerance = options.webhookToleranceSeconds ?? 300;

  return {
    kind: 'stripe',

    publishableKey: () => options.publishableKey,

    async createCustomer({ email, clientId }, idempotencyKey) {
      const customer = await call(() =>
        stripe.customers.create({ email, metadata: { client_id: String(clientId) } }, { idempotencyKey }),
      );
      return { id: customer.id };
    },

    async createSetupIntent({ customerId, metadata }, idempotencyKey) {
      const intent = await call(() =>
        stripe.setupIntents.create(
          // off_session: the card is saved to be charged later by the subscription, without the user present.
          // Which methods the form offers (cards) is set in the Dashboard: payment_method_types was renamed in
          // later API versions, automatic_payment_methods means the same in all of them.
          { customer: customerId, automatic_payment_methods: { enabled: true }, usage: 'off_session', metadata },
          { idempotencyKey },
        ),
      );
      return toSetupIntentView(intent);
    },

    async retrieveSetupIntent(id) {
      return toSetupIntentView(await call(() => stripe.setupIntents.retrieve(id)));
    },

    async createSubscription({ customerId, priceId, defaultPaymentMethodId, trialEnd, metadata }, idempotencyKey) {
      const params: Stripe.SubscriptionCreateParams = {
        customer: customerId,
        items: [{ price: priceId }],
        metadata,
        // A declined first payment fails the call (card_error with Stripe's message) instead of leaving an
        // incomplete subscription behind.
        payment_behavior: 'error_if_incomplete',
      };
      if (defaultPaymentMethodId) params.default_payment_method = defaultPaymentMethodId;
      if (trialEnd) {
        params.trial_end = Math.floor(trialEnd.getTime() / 1000);
        // A trial without a card ends by itself instead of turning into an unpaid invoice.
        params.trial_settings = { end_behavior: { missing_payment_method: 'cancel' } };
      }
      return toSubscriptionView(await call(() => stripe.subscriptions.create(params, { idempotencyKey })));
    },

    async retrieveSubscription(id) {
      return toSubscriptionView(await call(() => stripe.subscriptions.retrieve(id)));
    },

    async cancelSubscription(id, idempotencyKey) {
      return toSubscriptionView(await call(() => stripe.subscriptions.cancel(id, {}, { idempotencyKey })));
    },

    async retrievePaymentIntent(id) {
      return toPaymentIntentView(await call(() => stripe.paymentIntents.retrieve(id)));
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) {
        throw new AppError('VALIDATION_FAILED', 'The Stripe-Signature header is missing.');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret, tolerance);
      } catch (error) {
        // Forged, altered, or older than the tolerance (a replay).
        throw new AppError('VALIDATION_FAILED', 'The webhook signature could not be verified.', {
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      return toBillingEvent(event);
    },
  };
}

/** Maps a verified Stripe event to the billing module's event, or throws UnsupportedWebhookEventError. */
function toBillingEvent(event: Stripe.Event): BillingEvent {
  const created = fromUnix(event.created);
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      return { id: event.id, type: event.type, created, subscription: toSubscriptionView(event.data.object) };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        id: event.id,
        type: event.type,
        created,
        invoiceId: requireId(invoice.id, 'invoice'),
        subscriptionId: invoiceSubscriptionId(invoice),
        customerId: idOf(invoice.customer) ?? missing('invoice customer'),
        amountCents: event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due,
      };
    }
    case 'setup_intent.succeeded':
      return { id: event.id, type: event.type, created, setupIntent: toSetupIntentView(event.data.object) };
    default:
      throw new UnsupportedWebhookEventError(event.id, event.type);
  }
}

function toSetupIntentView(intent: Stripe.SetupIntent): SetupIntentView {
  return {
    id: intent.id,
    // Present whenever the intent is read with the secret key.
    clientSecret: intent.client_secret ?? missing('setup intent client_secret'),
    status: oneOf(SETUP_INTENT_STATUSES, intent.status, 'setup intent status'),
    customerId: idOf(intent.customer) ?? missing('setup intent customer'),
    paymentMethodId: idOf(intent.payment_method),
    metadata: { ...(intent.metadata ?? {}) },
  };
}

function toSubscriptionView(subscription: Stripe.Subscription): SubscriptionView {
  const item = subscription.items.data[0] ?? missing('subscription item');
  // Since API version 2025-03-31 the period lives on each item; older versions (and webhook endpoints
  // still on one) send it on the subscription.
  const legacy = subscription as unknown as { current_period_end?: number };
  const periodEnd = item.current_period_end ?? legacy.current_period_end ?? missing('subscription current_period_end');
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? missing('subscription customer'),
    priceId: item.price.id,
    status: oneOf(SUBSCRIPTION_STATUSES, subscription.status, 'subscription status'),
    startedAt: fromUnix(subscription.start_date),
    trialEnd: subscription.trial_end === null ? null : fromUnix(subscription.trial_end),
    currentPeriodEnd: fromUnix(periodEnd),
    defaultPaymentMethodId: idOf(subscription.default_payment_method),
    metadata: { ...(subscription.metadata ?? {}) },
  };
}

function toPaymentIntentView(intent: Stripe.PaymentIntent): PaymentIntentView {
  return {
    id: intent.id,
    status: oneOf(PAYMENT_INTENT_STATUSES, intent.status, 'payment intent status'),
    amountCents: intent.amount,
    currency: intent.currency,
    customerId: idOf(intent.customer),
  };
}

/** Since 2025-03-31 an invoice names its subscription under parent.subscription_details; before, at the top. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string {
  const current = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(current ?? legacy ?? null) ?? missing('invoice subscription');
}

function idOf(value: string | { id?: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : (value.id ?? null);
}

function requireId(value: string | undefined, what: string): string {
  return value ?? missing(`${what} id`);
}

/** Narrows a status Stripe may extend in later versions to the ones the port knows. */
function oneOf<T extends string>(known: readonly T[], value: string, what: string): T {
  return known.includes(value as T) ? (value as T) : missing(`${what} '${value}'`);
}

function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}

function missing(what: string): never {
  throw new AppError('UPSTREAM_FAILED', 'The payment provider sent an unexpected answer.', {
    service: 'stripe',
    missing: what,
  });
}

/** Runs one API call and turns Stripe's errors into AppErrors (a card decline keeps Stripe's message). */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const appError = toAppError(error);
    // A declined card or a missing record is an answer; only Stripe's own failures count.
    if (appError.code === 'UPSTREAM_FAILED') countUpstreamError('stripe');
    throw appError;
  }
}

export function toAppError(error: unknown): AppError {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new AppError('UPSTREAM_FAILED', 'The payment provider could not be reached.', {
      service: 'stripe',
      cause: error instanceof Error ? error.message : String(error),
    });
  }
  const details = {
    service: 'stripe',
    type: error.rawType ?? error.type,
    code: error.code,
    declineCode: error.decline_code,
    param: error.param,
    requestId: error.requestId,
    statusCode: error.statusCode,
  };
  if (error instanceof Stripe.errors.StripeCardError) {
    // Stripe's card messages are written for the card holder ("Your card was declined.").
    return new AppError('PAYMENT_REQUIRED', error.message, details);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
    return new AppError('NOT_FOUND', 'The payment record was not found at the payment provider.', details);
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError('CONFLICT', 'This payment request was already sent with different details.', details);
  }
  // Authentication, permission, rate-limit, connection and API errors: our side or Stripe's, not the user's.
  // Stripe's own text stays in the details only for invalid requests (it names the parameter, never a key).
  return new AppError(
    'UPSTREAM_FAILED',
    'The payment provider refused the request.',
    error instanceof Stripe.errors.StripeInvalidRequestError ? { ...details, message: error.message } : details,
  );
}
