import {
  AddPaymentDuringTrialRequestSchema,
  AddPaymentDuringTrialResponseSchema,
  type BillingClientId,
  CancelRequestSchema,
  CancelResponseSchema,
  CaptureOrderResponseSchema,
  CreateOrderRequestSchema,
  CreateOrderResponseSchema,
  CreateSetupIntentRequestSchema,
  CreateSetupIntentResponseSchema,
  CreateSubscriptionRequestSchema,
  NoCreditCardTrialRequestSchema,
  NoCreditCardTrialResponseSchema,
  PaymentButtonsConfigSchema,
  PublishKeyResponseSchema,
  PurchaseStatusResponseSchema,
  SavePaymentRequestSchema,
  SavePaymentResponseSchema,
  SubscriptionResponseSchema,
  TrialInfoResponseSchema,
} from '@dpp/shared';
import { DatabaseIdSchema } from '@dpp/shared/schemas/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors';
import type { ClientRef } from '../../plugins/auth';
import { type BillingEvent, UnsupportedWebhookEventError } from '../../ports/payments.port';
import type { PurchasesService } from './billing.purchases.service';
import type { SubscriptionsService } from './billing.subscriptions.service';

declare module 'fastify' {
  interface FastifyInstance {
    subscriptions: SubscriptionsService;
    purchases: PurchasesService;
  }
}

const errors = errorResponses(400, 401, 402, 403, 404, 409, 502);
/** A billing call's client_id: the client's database id (number or digits) or its identity username. */
const named = (clientId: BillingClientId): ClientRef =>
  typeof clientId === 'number' || /^\d+$/.test(clientId) ? { id: Number(clientId) } : { username: clientId };

/** The /api/stripe calls (docs/product-rules.md, Billing), the one-time purchase calls and the provider webhook. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['billing'];
  const { subscriptions, purchases } = app;
  const signedIn = { preHandler: app.requireUser };

  app.post(
    '/api/stripe/publish-key',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The card provider's publishable key",
        response: { 200: PublishKeyResponseSchema, ...errors },
      },
    },
    async () => subscriptions.publishKey(),
  );

  app.post(
    '/api/stripe/create-setup-intent',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Starts saving a card for a subscription to a plan price',
        body: CreateSetupIntentRequestSchema,
        response: { 200: CreateSetupIntentResponseSchema, ...errors },
      },
    },
    async (request) =>
      subscriptions.createSetupIntent(await app.callerClient(request, named(request.body.client_id)), request.body),
  );

  app.post(
    '/api/stripe/no-credit-card-trial',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Starts the 7-day free trial without a card (once per account)',
        body: NoCreditCardTrialRequestSchema,
        response: { 200: NoCreditCardTrialResponseSchema, ...errors },
      },
    },
    async (request) =>
      subscriptions.startNoCardTrial(
        await app.callerClient(request, named(request.body.client_id)),
        request.body.plan_id,
      ),
  );

  app.post(
    '/api/stripe/add-payment-during-trial',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Adds a confirmed card to a trial; it is charged when the trial ends',
        body: AddPaymentDuringTrialRequestSchema,
        response: { 200: AddPaymentDuringTrialResponseSchema, ...errors },
      },
    },
    async (request) =>
      subscriptions.addPaymentDuringTrial(await app.callerClient(request, named(request.body.client_id)), request.body),
  );

  app.post(
    '/api/stripe/create-subscription',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Subscribes with a confirmed card and charges the first period',
        body: CreateSubscriptionRequestSchema,
        response: { 200: SubscriptionResponseSchema, ...errors },
      },
    },
    async (request) =>
      subscriptions.createSubscription(await app.callerClient(request, named(request.body.client_id)), request.body),
  );

  app.post(
    '/api/stripe/save-payment',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Records a payment after checking it with the provider',
        body: SavePaymentRequestSchema,
        response: { 200: SavePaymentResponseSchema, ...errors },
      },
    },
    async (request) =>
      subscriptions.savePayment(await app.callerClient(request, named(request.body.client_id)), request.body.pi_id),
  );

  app.get(
    '/api/stripe/user/:email/trial-info',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The membership label of an account (own e-mail only)',
        params: z.object({ email: z.string().min(3).max(254) }),
        response: { 200: TrialInfoResponseSchema, ...errors },
      },
    },
    async (request) => subscriptions.trialInfo(await app.callerClient(request, { email: request.params.email })),
  );

  app.post(
    '/api/stripe/cancel-trial',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Ends the trial now (any card added to it is not charged)',
        body: CancelRequestSchema,
        response: { 200: CancelResponseSchema, ...errors },
      },
    },
    async (request) => subscriptions.cancelTrial(await app.callerClient(request, named(request.body.client_id))),
  );

  app.post(
    '/api/stripe/cancel-subscription',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Cancels the paid subscription now; refused in its first two months',
        body: CancelRequestSchema,
        response: { 200: CancelResponseSchema, ...errors },
      },
    },
    async (request) => subscriptions.cancelSubscription(await app.callerClient(request, named(request.body.client_id))),
  );

  app.get(
    '/api/paypal/client-id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "The payment-button provider's public client id",
        response: { 200: PaymentButtonsConfigSchema, ...errors },
      },
    },
    async () => purchases.paymentButtonsConfig(),
  );

  app.post(
    '/api/paypal/orders',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Creates the order of a paid template at the template's price",
        body: CreateOrderRequestSchema,
        response: { 200: CreateOrderResponseSchema, ...errors },
      },
    },
    async (request) => purchases.createOrder(await app.callerClient(request), request.body.plan_id),
  );

  app.post(
    '/api/paypal/orders/:id/capture',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Captures an approved order and records the purchase',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: CaptureOrderResponseSchema, ...errors },
      },
    },
    async (request) => purchases.captureOrder(await app.callerClient(request), request.params.id),
  );

  app.get(
    '/api/purchases/project-plans/:projectPlanId',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Whether the caller may take a template: free, or bought once',
        params: z.object({ projectPlanId: DatabaseIdSchema }),
        response: { 200: PurchaseStatusResponseSchema, ...errors },
      },
    },
    async (request) => purchases.purchaseStatus(await app.callerClient(request), request.params.projectPlanId),
  );

  // The provider signs the exact bytes it sent: this route alone reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/api/stripe/webhook',
      {
        schema: {
          tags,
          summary: "The card provider's events (signature checked; each event processed once)",
          response: { 200: z.object({ received: z.literal(true), processed: z.boolean() }), ...errorResponses(400) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        let event: BillingEvent;
        try {
          event = app.adapters.payments.cards.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          // Signed, but of a type we do not react to: acknowledged, or Stripe retries it for days.
          if (error instanceof UnsupportedWebhookEventError) {
            request.log.info({ eventId: error.eventId, eventType: error.eventType }, 'webhook event ignored');
            return { received: true as const, processed: false };
          }
          throw error;
        }
        return { received: true as const, processed: await subscriptions.handleEvent(event) };
      },
    );
  });
};
