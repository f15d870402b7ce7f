import { AppError } from '../errors';

/**
 * The two payment ports of the billing module. Each has a real implementation (Stripe for cards and
 * subscriptions, PayPal Orders v2 for one-time purchases) and a local one with the same states, used
 * when the provider's credentials are not configured. The billing services only ever talk to these; what
 * only the local providers can do is their sandbox capability (`SandboxPayments`), kept apart.
 */

export type SetupIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'canceled'
  | 'succeeded';

export interface SetupIntentView {
  id: string;
  /** Handed to the browser, which confirms the setup with the provider (never our server). */
  clientSecret: string;
  status: SetupIntentStatus;
  customerId: string;
  /** The saved card once the setup succeeded. */
  paymentMethodId: string | null;
  metadata: Record<string, string>;
}

export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'unpaid'
  | 'paused';

export interface SubscriptionView {
  id: string;
  customerId: string;
  priceId: string;
  status: SubscriptionStatus;
  startedAt: Date;
  trialEnd: Date | null;
  currentPeriodEnd: Date;
  defaultPaymentMethodId: string | null;
  metadata: Record<string, string>;
}

export interface PaymentIntentView {
  id: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'canceled'
    | 'succeeded';
  amountCents: number;
  currency: string;
  customerId: string | null;
}

/** A subscription to start on a customer's card. */
export interface NewSubscription {
  customerId: string;
  priceId: string;
  defaultPaymentMethodId?: string;
  /** A subscription that starts in trial and charges the card when the trial ends. */
  trialEnd?: Date;
  metadata: Record<string, string>;
}

/** The provider events the billing service reacts to (Stripe's webhook event types). */
export type BillingEvent =
  | {
      id: string;
      type:
        | 'customer.subscription.created'
        | 'customer.subscription.updated'
        | 'customer.subscription.deleted'
        | 'customer.subscription.trial_will_end';
      created: Date;
      subscription: SubscriptionView;
    }
  | {
      id: string;
      type: 'invoice.paid' | 'invoice.payment_failed';
      created: Date;
      invoiceId: string;
      subscriptionId: string;
      customerId: string;
      amountCents: number;
    }
  | { id: string; type: 'setup_intent.succeeded'; created: Date; setupIntent: SetupIntentView };

export interface CardPaymentsPort {
  readonly kind: 'stripe' | 'local';
  /** Public key for the browser's card form. */
  publishableKey(): string;
  createCustomer(input: { email: string; clientId: number }, idempotencyKey: string): Promise<{ id: string }>;
  createSetupIntent(
    input: { customerId: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<SetupIntentView>;
  retrieveSetupIntent(id: string): Promise<SetupIntentView>;
  createSubscription(input: NewSubscription, idempotencyKey: string): Promise<SubscriptionView>;
  retrieveSubscription(id: string): Promise<SubscriptionView>;
  /** Ends the subscription now (no further charges). */
  cancelSubscription(id: string, idempotencyKey: string): Promise<SubscriptionView>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentView>;
  /**
   * Verifies a webhook delivery (raw body and signature header) and returns its event.
   * Throws when the signature is missing, forged or too old; UnsupportedWebhookEventError for a signed event of a
   * type billing does not react to.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): BillingEvent;
}

export type OrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

export interface OrderView {
  id: string;
  status: OrderStatus;
  description: string;
  currency: 'USD';
  /** Decimal string as PayPal sends it, e.g. '49.00'. */
  value: string;
  /** Our reference of what is bought (purchase_units[0].reference_id). */
  referenceId: string;
  /** The capture's id once the order is COMPLETED. */
  captureId: string | null;
}

export interface OneTimePaymentsPort {
  readonly kind: 'paypal' | 'local';
  /** Public client id for the browser's payment buttons. */
  clientId(): string;
  /** intent CAPTURE, one purchase unit with description, USD and value. */
  createOrder(
    input: { description: string; value: string; referenceId: string },
    requestId: string,
  ): Promise<OrderView>;
  getOrder(id: string): Promise<OrderView>;
  /** Captures an approved order; capturing a completed order again returns it unchanged. */
  captureOrder(id: string, requestId: string): Promise<OrderView>;
}

/** The payment providers the app runs with, as adapters/index.ts builds them. */
export interface Payments {
  cards: CardPaymentsPort;
  orders: OneTimePaymentsPort;
  /** Present while a local provider runs (either or both): what no real provider lets us do. */
  sandbox?: SandboxPayments;
}

/**
 * What only the local providers can do: the steps the browser takes at a provider, the provider's own time
 * passing and its event delivery. Used by the sandbox routes, the billing timer's wiring and tests; never by
 * the billing services.
 */
export interface SandboxPayments {
  cards: SandboxCards | null;
  orders: SandboxOrders | null;
}

/** Stripe's error object, as its API and Stripe.js return it. */
export interface CardProviderError {
  type: 'card_error' | 'validation_error' | 'invalid_request_error';
  code?: string;
  message: string;
}

export interface ConfirmSetupInput {
  client_secret: string;
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type ConfirmSetupResult =
  | { ok: true; setupIntent: SetupIntentView }
  | { ok: false; status: number; error: CardProviderError };

export interface SandboxCards {
  /** What the browser's card form does at the provider (Stripe's confirmSetup), with a test card. */
  confirmSetupIntent(id: string, input: ConfirmSetupInput): Promise<ConfirmSetupResult>;
  /** Where the provider's events go: Stripe posts them to the webhook, the local provider calls this. */
  onEvent(sink: (event: BillingEvent) => Promise<unknown>): void;
  /** Time passing at the provider: trials charged, renewals billed, events delivered. Returns the events emitted. */
  tick(): Promise<number>;
  /** The sandbox clock: moves the subscription dates of our client's customers `days` back. */
  moveDatesBack(clientId: number, days: number): Promise<void>;
  /** Signs a webhook delivery as the provider would (`t=…,v1=…`), at `at` (now by default). */
  signPayload(rawBody: string, at?: Date): string;
}

export interface SandboxOrders {
  /** The payer approves the order (what PayPal's buttons do). */
  approveOrder(id: string): Promise<OrderView>;
}

/**
 * A correctly signed delivery of an event type the billing module does not react to. The webhook
 * route answers it with 200 (acknowledged, ignored) so Stripe does not retry it for days.
 */
export class UnsupportedWebhookEventError extends AppError {
  constructor(
    readonly eventId: string,
    readonly eventType: string,
  ) {
    super('VALIDATION_FAILED', `Unsupported webhook event type '${eventType}'.`, { eventId, eventType });
    this.name = 'UnsupportedWebhookEventError';
  }
}
