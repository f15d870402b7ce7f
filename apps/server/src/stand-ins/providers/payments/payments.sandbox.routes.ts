import {
  ErrorResponseSchema,
  ProviderErrorSchema,
  SandboxClockRequestSchema,
  SandboxClockResponseSchema,
  SandboxConfirmSetupRequestSchema,
  SandboxSetupIntentSchema,
} from '@dpp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors';
import type { SandboxPayments } from '../../../ports/payments.port';
import type { SandboxRecords } from '../../sandbox-records';

interface SandboxPaymentsOptions {
  sandbox: SandboxPayments;
  /** The billing tick: the local provider's time passing, then the no-card trials that are over ending. */
  tick: () => Promise<{ providerEvents: number; trialsEnded: number }>;
  records: Pick<SandboxRecords, 'clientIdOf' | 'moveBillingDatesBack'>;
}

/**
 * What the browser does at the providers when they are local: confirm a card (Stripe.js's confirmSetup)
 * and approve an order (the PayPal payer's approval), plus a clock for trying trial ends and renewals.
 * Registered only with the local providers and never in production.
 */
export const sandboxPaymentsRoutes: FastifyPluginAsyncZod<SandboxPaymentsOptions> = async (
  app,
  { sandbox, tick, records },
) => {
  const tags = ['sandbox'];
  const { cards, orders } = sandbox;

  if (cards) {
    app.post(
      '/sandbox/cards/setup-intents/:id/confirm',
      {
        schema: {
          tags,
          summary: 'Sandbox card provider: confirms a card setup with a test card',
          params: z.object({ id: z.string().min(1).max(64) }),
          body: SandboxConfirmSetupRequestSchema,
          response: {
            200: SandboxSetupIntentSchema,
            // The provider's card errors, or the app's own refusal of a malformed request.
            400: z.union([ProviderErrorSchema, ErrorResponseSchema]),
            402: ProviderErrorSchema,
            404: z.union([ProviderErrorSchema, ErrorResponseSchema]),
          },
        },
      },
      async (request, reply) => {
        const result = await cards.confirmSetupIntent(request.params.id, request.body);
        if (!result.ok) return reply.status(result.status as 400 | 402 | 404).send({ error: result.error });
        return { id: result.setupIntent.id, status: result.setupIntent.status };
      },
    );
  }

  if (orders) {
    app.post(
      '/sandbox/orders/:id/approve',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Sandbox payment buttons: the payer approves an order',
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: z.object({ id: z.string(), status: z.string() }) },
        },
      },
      async (request) => {
        await app.purchases.ownPurchase(await app.callerClient(request), request.params.id);
        const order = await orders.approveOrder(request.params.id);
        return { id: order.id, status: order.status };
      },
    );
  }

  app.post(
    '/sandbox/billing/clock',
    {
      schema: {
        tags,
        summary:
          "Sandbox: moves one account's trial and subscription dates back, then runs the billing tick (unless tick: false)",
        body: SandboxClockRequestSchema,
        response: { 200: SandboxClockResponseSchema },
      },
    },
    async (request) => {
      const clientId = await records.clientIdOf(request.body.email);
      if (clientId === null) throw new AppError('NOT_FOUND', 'No account was found for this e-mail address.');
      const { days } = request.body;
      await records.moveBillingDatesBack(clientId, days);
      await cards?.moveDatesBack(clientId, days);
      if (!request.body.tick) return { shifted_days: days, trials_ended: 0, provider_events: 0 };
      const { providerEvents, trialsEnded } = await tick();
      return { shifted_days: days, trials_ended: trialsEnded, provider_events: providerEvents };
    },
  );
};
