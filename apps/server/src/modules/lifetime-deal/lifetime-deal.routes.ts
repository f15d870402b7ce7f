import { AUTH_MESSAGES, LIFETIME_DEAL_MESSAGES } from '@dpp/shared';
import {
  AppsumoCodeRequestSchema,
  AppsumoFollowUpRequestSchema,
  AppsumoImportResponseSchema,
  AppsumoResponseRequestSchema,
  AppsumoResponseSchema,
} from '@dpp/shared/schemas/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../errors';
import { addLifetimeDealContact } from '../../ports/crm.port';
import { findClientById } from '../clients';
import { findUserByEmail } from '../identity';
import { lifetimeDealService, parseCodesCsv } from './lifetime-deal.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Lifetime-deal redemption (docs/product-rules.md, Lifetime deal) and the administrators' code import. */
export const lifetimeDealRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['lifetime deal'];
  const service = lifetimeDealService(app.db, app.config.LIFETIME_DEAL_CODE_PEPPER);
  // Guessing codes is what these limits are for.
  const rateLimit = { max: app.config.IDENTITY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/appsumo/code',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Redeems a lifetime-deal code (once); answers 'Coupon code redeemed successfully' as text",
        body: AppsumoCodeRequestSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      await service.redeem(request.body.appSumoCode);
      return reply.type('text/plain; charset=utf-8').send(LIFETIME_DEAL_MESSAGES.REDEEMED);
    },
  );

  app.post(
    '/appsumo/response',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Creates the account of a redeemed code: client record and user (unconfirmed, the code as password)',
        body: AppsumoResponseRequestSchema,
        response: { 200: AppsumoResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { nameUser, lastName, email, appSumoCode } = request.body;
      const { databaseId } = await service.claim({ code: appSumoCode, email, firstName: nameUser, lastName });
      // Whoever knows the code chose the password: their browser gets the proof that keeps it at confirmation.
      const user = await findUserByEmail(app.db, email);
      return { database_id: databaseId, sign_up_proof: await app.identity.issueSignUpProof(user!) };
    },
  );

  app.post(
    '/appsumo/send-password-email',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'The follow-up: mails the lifetime-deal holder the link to confirm the address and set a password',
        body: AppsumoFollowUpRequestSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { email, database_id } = request.body;
      const client = await findClientById(app.db, database_id);
      if (!client?.isAppsumoUser || client.email !== email) {
        throw new AppError('NOT_FOUND', 'No lifetime-deal account was found for this e-mail address.');
      }
      const user = await findUserByEmail(app.db, email);
      if (!user) throw new AppError('NOT_FOUND', 'No lifetime-deal account was found for this e-mail address.');
      if (user.confirmed) throw new AppError('CONFLICT', AUTH_MESSAGES.ALREADY_CONFIRMED);
      await app.identity.sendVerificationTo(user);
      // The CRM hears of the new holder; its failure never blocks the account.
      try {
        // The names stored at redemption, not this unauthenticated request's.
        await addLifetimeDealContact(app.adapters.crm, client);
      } catch (error) {
        request.log.warn({ err: error }, 'CRM contact for a lifetime-deal holder failed');
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/api/appsumo/codes/import',
    {
      // Before the body is read: nobody but an administrator gets to upload anything.
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Imports lifetime-deal codes from a CSV (first column; administrators). Stored hashed only',
        consumes: ['text/csv'],
        body: z.string().max(1024 * 1024),
        response: { 200: AppsumoImportResponseSchema, ...errors },
      },
    },
    async (request) => service.importCodes(parseCodesCsv(request.body)),
  );
};
