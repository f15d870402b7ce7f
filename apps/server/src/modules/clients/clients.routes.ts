import {
  AUTH_MESSAGES,
  ClientCreateRequestSchema,
  ClientCreateResponseSchema,
  ClientGetRequestSchema,
  ClientRecordSchema,
  ClientUpdateRequestSchema,
  ErrorResponseSchema,
  LIFETIME_DEAL_PLAN_NAME,
} from '@dpp/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { bearerToken, isAdmin } from '../../plugins/auth';
import { findUserByEmail } from '../identity/identity.repository';
import type { AuthenticatedSession } from '../identity/identity.service';
import {
  authoritiesOf,
  type ClientRow,
  ensureClient,
  findClientByEmail,
  findClientById,
  toClientRecord,
  updateClient,
} from './clients.repository';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const NOT_FOUND = 'No account was found for this e-mail address.';

async function clientRecord(app: FastifyInstance, client: ClientRow) {
  const user = await findUserByEmail(app.db, client.email);
  return toClientRecord(
    client,
    { givenName: user?.givenName ?? '', familyName: user?.familyName ?? '' },
    await authoritiesOf(app.db, client.id),
  );
}

/** A user reaches only their own record; an administrator any. */
async function assertOwnerOrAdmin(app: FastifyInstance, session: AuthenticatedSession, client: ClientRow) {
  if (client.email !== session.user.email && !(await isAdmin(app, session))) {
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.FORBIDDEN);
  }
}

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['clients'];

  app.post(
    '/api/client/get',
    {
      preHandler: app.requireUser,
      schema: { tags, body: ClientGetRequestSchema, response: { 200: ClientRecordSchema, ...errors } },
    },
    async (request) => {
      const client = await findClientByEmail(app.db, request.body.email);
      if (!client) {
        if (request.body.email !== request.session!.user.email && !(await isAdmin(app, request.session!))) {
          throw new AppError('FORBIDDEN', AUTH_MESSAGES.FORBIDDEN);
        }
        throw new AppError('NOT_FOUND', NOT_FOUND);
      }
      await assertOwnerOrAdmin(app, request.session!, client);
      return clientRecord(app, client);
    },
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
      const client = await findClientById(app.db, request.body.id);
      if (!client) throw new AppError('NOT_FOUND', NOT_FOUND);
      await assertOwnerOrAdmin(app, session, client);
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
