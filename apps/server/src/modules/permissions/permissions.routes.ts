import {
  ClientPermissionSchema,
  ErrorResponseSchema,
  LIFETIME_DEAL_PLAN_NAME,
  PermissionPlanSchema,
  PermissionSchema,
  PLAN_IDS,
  PlanPermissionSchema,
} from '@dpp/shared';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findClientByEmail } from '../clients/clients.repository';
import { plans } from '../plans/plans.schema';
import {
  effectivePermissions,
  listPermissions,
  listPlanPermissions,
  planIdForMembership,
} from './permissions.repository';

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['permissions'];

  app.get(
    '/api/permissions',
    { preHandler: app.requireUser, schema: { tags, response: { 200: z.array(PermissionSchema), ...errors } } },
    () => listPermissions(app.db),
  );

  app.get(
    '/api/client/permissions',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "What the caller's plan shows and hides",
        response: { 200: z.array(ClientPermissionSchema), ...errors },
      },
    },
    async (request) => {
      const client = await findClientByEmail(app.db, request.session!.user.email);
      // Subscribers and trial users have their plan's name; lifetime-deal holders the Pro plan; others Essential.
      const membership =
        client && (client.isSubscribed !== '' || client.isAppsumoUser)
          ? client.planName || LIFETIME_DEAL_PLAN_NAME
          : undefined;
      const planId = (membership && (await planIdForMembership(app.db, membership))) || PLAN_IDS.ESSENTIAL;
      return effectivePermissions(app.db, planId);
    },
  );

  app.get(
    '/api/permissions/plans',
    { preHandler: app.requireAdmin, schema: { tags, response: { 200: z.array(PermissionPlanSchema), ...errors } } },
    async () => (await app.db.select().from(plans).orderBy(asc(plans.id))).map((p) => ({ id: p.id, name: p.name })),
  );

  app.get(
    '/api/permissions/plan/:planId',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        params: z.object({ planId: z.coerce.number().int().positive() }),
        response: { 200: z.array(PlanPermissionSchema), ...errors },
      },
    },
    (request) => listPlanPermissions(app.db, request.params.planId),
  );
};
