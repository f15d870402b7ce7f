/**
 * The two payment ports of the billing module. Each has a real implementation (Stripe for cards and
 * subscriptions, PayPal Orders v2 for one-time purchases) and a local one with the same states, used
 * when the provider's credentials are not configured. The billing service only ever talks to these.
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
  createSubscription(
    input: {
      customerId: string;
      priceId: string;
      defaultPaymentMethodId?: string;
      /** A subscription that starts in trial and charges the card when the trial ends. */
      trialEnd?: Date;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<SubscriptionView>;
  retrieveSubscription(id: string): Promise<SubscriptionView>;
  /** Ends the subscription now (no further charges). */
  cancelSubscription(id: string, idempotencyKey: string): Promise<SubscriptionView>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentView>;
  /**
   * Verifies a webhook delivery (raw body and signature header) and returns its event.
   * Throws when the signature is missing, forged or too old.
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
}
