import { z } from 'zod';
import { BodyIdSchema, isIdInRangeOrName } from './ids';

/**
 * Payloads of the billing calls (/api/stripe/*, the one-time purchase calls and the sandbox provider).
 * client_id is the client's database id or its identity username (docs/product-rules.md, Billing).
 */
export const BillingClientIdSchema = z.union([
  BodyIdSchema,
  z.string().trim().min(1).max(64).refine(isIdInRangeOrName, 'No account has this id.'),
]);
export type BillingClientId = z.infer<typeof BillingClientIdSchema>;

const ProviderIdSchema = z.string().trim().min(1).max(255);
export const SubscriptionTypeSchema = z.enum(['month', 'year']);

export const PublishKeyResponseSchema = z.object({
  publish_key: z.string(),
  /** Which card form the browser shows: Stripe Elements, or the sandbox card form. */
  provider: z.enum(['stripe', 'local']),
});
export type PublishKeyResponse = z.infer<typeof PublishKeyResponseSchema>;

export const CreateSetupIntentRequestSchema = z
  .object({ price_id: ProviderIdSchema, client_id: BillingClientIdSchema, subscription_type: SubscriptionTypeSchema })
  .strict();
export type CreateSetupIntentRequest = z.infer<typeof CreateSetupIntentRequestSchema>;
export const CreateSetupIntentResponseSchema = z.object({ client_secret: z.string(), setup_intent_id: z.string() });
export type CreateSetupIntentResponse = z.infer<typeof CreateSetupIntentResponseSchema>;

export const NoCreditCardTrialRequestSchema = z
  .object({ client_id: BillingClientIdSchema, plan_id: BodyIdSchema })
  .strict();
export type NoCreditCardTrialRequest = z.infer<typeof NoCreditCardTrialRequestSchema>;
export const NoCreditCardTrialResponseSchema = z.object({
  is_free_trial: z.boolean(),
  /** Unix seconds. */
  trial_end: z.number().int(),
});
export type NoCreditCardTrialResponse = z.infer<typeof NoCreditCardTrialResponseSchema>;

export const AddPaymentDuringTrialRequestSchema = z
  .object({
    client_id: BillingClientIdSchema,
    price_id: ProviderIdSchema,
    setup_intent_id: ProviderIdSchema,
    subscription_type: SubscriptionTypeSchema,
  })
  .strict();
export type AddPaymentDuringTrialRequest = z.infer<typeof AddPaymentDuringTrialRequestSchema>;
export const AddPaymentDuringTrialResponseSchema = z.object({
  /** Null when the card was added; the subscription starts charging when the trial ends. */
  error_message: z.string().nullable(),
  subscription_id: z.string().nullable(),
});
export type AddPaymentDuringTrialResponse = z.infer<typeof AddPaymentDuringTrialResponseSchema>;

export const CreateSubscriptionRequestSchema = z
  .object({ setup_intent_id: ProviderIdSchema, client_id: BillingClientIdSchema, price_id: ProviderIdSchema })
  .strict();
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequestSchema>;
export const SubscriptionResponseSchema = z.object({
  subscription_id: z.string(),
  status: z.string(),
  plan_name: z.string(),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

export const SavePaymentRequestSchema = z
  .object({
    /** The provider's id of what confirmed the payment: a payment intent (pi_...) or setup intent (seti_...). */
    pi_id: ProviderIdSchema,
    client_id: BillingClientIdSchema,
  })
  .strict();
export type SavePaymentRequest = z.infer<typeof SavePaymentRequestSchema>;
export const SavePaymentResponseSchema = z.object({ saved: z.boolean() });

export const TrialInfoResponseSchema = z.object({ data: z.string() });
export type TrialInfoResponse = z.infer<typeof TrialInfoResponseSchema>;

export const CancelRequestSchema = z.object({ client_id: BillingClientIdSchema }).strict();
export type CancelRequest = z.infer<typeof CancelRequestSchema>;
export const CancelResponseSchema = z.object({ data: z.boolean() });
export type CancelResponse = z.infer<typeof CancelResponseSchema>;

/** One-time purchases of paid templates. */
export const CreateOrderRequestSchema = z.object({ plan_id: BodyIdSchema }).strict();
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;
export const CreateOrderResponseSchema = z.object({ id: z.string() });
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;
export const CaptureOrderResponseSchema = z.object({
  id: z.string(),
  status: z.string(),
  project_plan_id: z.number().int(),
});
export type CaptureOrderResponse = z.infer<typeof CaptureOrderResponseSchema>;
export const PurchaseStatusResponseSchema = z.object({ project_plan_id: z.number().int(), paid: z.boolean() });
export type PurchaseStatusResponse = z.infer<typeof PurchaseStatusResponseSchema>;
export const PaymentButtonsConfigSchema = z.object({ client_id: z.string(), provider: z.enum(['paypal', 'local']) });
export type PaymentButtonsConfig = z.infer<typeof PaymentButtonsConfigSchema>;

/** The sandbox card provider: what its card form sends to confirm a setup (never to our API routes). */
export const SandboxConfirmSetupRequestSchema = z
  .object({
    client_secret: z.string().min(1).max(255),
    number: z.string().max(32),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    cvc: z.string().max(8),
  })
  .strict();
export type SandboxConfirmSetupRequest = z.infer<typeof SandboxConfirmSetupRequestSchema>;
/** Stripe's error object. */
export const ProviderErrorSchema = z.object({
  error: z.object({ type: z.string(), code: z.string().optional(), message: z.string() }),
});
export type ProviderError = z.infer<typeof ProviderErrorSchema>;
export const SandboxSetupIntentSchema = z.object({ id: z.string(), status: z.string() });

export const SandboxClockRequestSchema = z
  .object({
    email: z.string().email(),
    days: z.number().int().min(0).max(3650),
    /** false: only move the dates, and leave the trial ends and renewals to the server's own timer. */
    tick: z.boolean().default(true),
  })
  .strict();
export const SandboxClockResponseSchema = z.object({
  shifted_days: z.number().int(),
  trials_ended: z.number().int(),
  provider_events: z.number().int(),
});
