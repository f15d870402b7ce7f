import {
  ADMIN_MESSAGES,
  ClientPermissionSchema,
  PermissionPlanSchema,
  PermissionSchema,
  PlanPermissionCreateSchema,
  PlanPermissionSchema,
  PlanPermissionUpdateSchema,
} from '@dpp/shared';
import { DatabaseIdSchema, IdParamSchema } from '@dpp/shared/schemas/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../errors';
import { findClientByEmail } from '../clients';
import { planNames } from '../plans';
import {
  deletePlanPermission,
  effectivePermissions,
  insertPlanPermission,
  listPermissions,
  listPlanPermissions,
  planAndPermissionExist,
  planPermissionById,
  updatePlanPermission,
} from './permissions.repository';
import { permissionPlanOf } from './permissions.service';

const errors = errorResponses(401, 403);

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
    async (request, reply) => {
      // Read at every private page: an admin's change applies at once, so nothing may keep a copy.
      reply.header('cache-control', 'no-store');
      const client = await findClientByEmail(app.db, request.session!.user.email);
      const planId = await permissionPlanOf(app.db, client ?? null);
      return effectivePermissions(app.db, planId);
    },
  );

  app.get(
    '/api/permissions/plans',
    { preHandler: app.requireAdmin, schema: { tags, response: { 200: z.array(PermissionPlanSchema), ...errors } } },
    async () => planNames(app.db),
  );

  app.get(
    '/api/permissions/plan/:planId',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        params: z.object({ planId: DatabaseIdSchema }),
        response: { 200: z.array(PlanPermissionSchema), ...errors },
      },
    },
    (request) => listPlanPermissions(app.db, request.params.planId),
  );

  const writeErrors = errorResponses(400, 401, 403, 404, 409);
  const ensureExists = async (planId: number, permissionId: number) => {
    if (!(await planAndPermissionExist(app.db, planId, permissionId))) {
      throw new AppError('NOT_FOUND', ADMIN_MESSAGES.PERMISSION_NOT_FOUND);
    }
  };

  app.post(
    '/api/permissions/plan',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Sets whether a plan shows (true) or hides (false) a permission; one entry per plan and permission',
        body: PlanPermissionCreateSchema,
        response: { 200: PlanPermissionSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { plan, permission, is_displayed, limit } = request.body;
      await ensureExists(plan.id, permission.id);
      const id = await insertPlanPermission(app.db, {
        planId: plan.id,
        permissionId: permission.id,
        isDisplayed: is_displayed,
        limit: limit ?? null,
      });
      if (id === null) throw new AppError('CONFLICT', ADMIN_MESSAGES.PERMISSION_EXISTS);
      return (await planPermissionById(app.db, id))!;
    },
  );

  app.put(
    '/api/permissions/plan',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Changes the plan permission queryId',
        body: PlanPermissionUpdateSchema,
        response: { 200: PlanPermissionSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { plan, permission, is_displayed, limit, queryId } = request.body;
      await ensureExists(plan.id, permission.id);
      const outcome = await updatePlanPermission(app.db, queryId, {
        planId: plan.id,
        permissionId: permission.id,
        isDisplayed: is_displayed,
        limit,
      });
      if (outcome === 'missing') throw new AppError('NOT_FOUND', ADMIN_MESSAGES.PERMISSION_NOT_FOUND);
      if (outcome === 'duplicate') throw new AppError('CONFLICT', ADMIN_MESSAGES.PERMISSION_EXISTS);
      return (await planPermissionById(app.db, queryId))!;
    },
  );

  app.delete(
    '/api/permissions/plan/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: "Removes a plan's entry for a permission: with none, the plan's users are allowed",
        params: IdParamSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await deletePlanPermission(app.db, request.params.id))) {
        throw new AppError('NOT_FOUND', ADMIN_MESSAGES.PERMISSION_NOT_FOUND);
      }
      return reply.code(204).send(null);
    },
  );
};
