import { IdParamSchema, ProjectPlanCreateSchema, ProjectPlanSchema, ProjectPlanUpdateSchema } from '@dpp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors';
import { createProduct, deleteLink, deleteProduct, updateProduct } from './templates.admin.service';

const errors = errorResponses(400, 401, 403, 404);

interface TemplatesAdminOptions {
  /** Called after every write, so cached catalogue reads show the change at once. */
  onChange: () => Promise<void>;
}

/** The admin catalogue: every route needs ROLE_ADMIN, checked here on the server. */
export const templatesAdminRoutes: FastifyPluginAsyncZod<TemplatesAdminOptions> = async (app, { onChange }) => {
  const tags = ['admin catalogue'];
  const preHandler = app.requireAdmin;

  app.post(
    '/api/project-plans',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Creates a product; a spreadsheet uploaded under `name` becomes its plan',
        body: ProjectPlanCreateSchema,
        response: { 200: ProjectPlanSchema, ...errors },
      },
    },
    async (request) => {
      const created = await createProduct(app.db, app.adapters.storage.files, app.work, request.body);
      await onChange();
      return created;
    },
  );

  app.put(
    '/api/project-plans/',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Replaces a product (id in the body) and its links; links left out are deleted',
        body: ProjectPlanUpdateSchema,
        response: { 200: ProjectPlanSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await updateProduct(app.db, app.adapters.storage.files, app.work, request.body);
      await onChange();
      return updated;
    },
  );

  app.delete(
    '/api/project-plans/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Deletes a product and its links',
        params: IdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteProduct(app.db, request.params.id);
      await onChange();
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/project-plan-link/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Deletes one link of a product',
        params: IdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteLink(app.db, request.params.id);
      await onChange();
      return reply.code(204).send(null);
    },
  );
};
