import {
  AUTH_MESSAGES,
  ClientCreateRequestSchema,
  ClientCreateResponseSchema,
  ClientGetRequestSchema,
  ClientRecordSchema,
  ClientUpdateRequestSchema,
  LIFETIME_DEAL_PLAN_NAME,
} from '@dpp/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, errorResponses } from '../../errors';
import { bearerToken } from '../../plugins/auth';
import { authoritiesOf, type ClientRow, ensureClient, toClientRecord, updateClient } from './clients.repository';

const errors = errorResponses(400, 401, 403, 404);

async function clientRecord(app: FastifyInstance, client: ClientRow) {
  // The names are the identity's: asked of the identity service app.ts decorated the app with.
  return toClientRecord(client, await app.identity.namesOf(client.email), await authoritiesOf(app.db, client.id));
}

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['clients'];

  app.post(
    '/api/client/get',
    {
      preHandler: app.requireUser,
      schema: { tags, body: ClientGetRequestSchema, response: { 200: ClientRecordSchema, ...errors } },
    },
    // A user reads only their own record; an administrator any (docs/product-rules.md, Members; the original client/get
    // took any e-mail).
    async (request) => clientRecord(app, await app.callerClient(request, { email: request.body.email })),
  );

  app.post(
    '/api/client/allow/create',
    {
      config: { rateLimit: { max: app.config.IDENTITY_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags, body: ClientCreateRequestSchema, response: { 200: ClientCreateResponseSchema, ...errors } },
    },
    async (request) => {
      if (request.body.is_appsumo_user) {
        throw new AppError('FORBIDDEN', 'Lifetime-deal accounts are created by redeeming a code.');
      }
      // Sign-up already made the record. Anyone may ask right after signing up, before there is a session,
      // so an anonymous caller gets the same answer for every address and never an id.
      const token = bearerToken(request);
      if (!token) return { id: null };
      const session = await app.identity.authenticate(token);
      if (!session) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.SESSION_REQUIRED);
      if (request.body.email !== session.user.email) throw new AppError('FORBIDDEN', AUTH_MESSAGES.FORBIDDEN);
      return { id: (await ensureClient(app.db, session.user.email, session.user.username)).id };
    },
  );

  app.post(
    '/api/client/update',
    {
      preHandler: app.requireUser,
      schema: { tags, body: ClientUpdateRequestSchema, response: { 200: ClientRecordSchema, ...errors } },
    },
    async (request) => {
      const session = request.session!;
      const client = await app.callerClient(request, { id: request.body.id });
      const { username, plan_name } = request.body;
      // Only the link to one's own identity may be set from the browser...
      if (username !== undefined && username !== session.user.username) {
        throw new AppError('FORBIDDEN', AUTH_MESSAGES.FORBIDDEN);
      }
      // ...and the lifetime-deal plan, for a lifetime-deal holder. Billing sets every other plan itself.
      if (plan_name !== undefined && !(client.isAppsumoUser && plan_name === LIFETIME_DEAL_PLAN_NAME)) {
        throw new AppError('FORBIDDEN', 'The plan is set by your subscription.');
      }
      const updated = await updateClient(app.db, client.id, {
        ...(username !== undefined && { username }),
        ...(plan_name !== undefined && { planName: plan_name }),
      });
      return clientRecord(app, updated!);
    },
  );
};
