import {
  ProjectPlanCategoriesSchema,
  ProjectPlanListSchema,
  ProjectPlanPageQuerySchema,
  ProjectPlanPageSchema,
  ProjectPlanRefSchema,
  ProjectPlanSchema,
} from '@dpp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors';
import { CachedBodies, CachedJson, sendCachedJson } from '../../lib/cached-json';
import { templatesAdminRoutes } from './templates.admin.routes';
import {
  adminTemplate,
  adminTemplatePage,
  catalogueTemplate,
  catalogueTemplatePage,
  publicTemplates,
  templateCategories,
} from './templates.service';

export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ttl = app.config.CATALOGUE_CACHE_SECONDS * 1000;
  // The public catalogue, shared by the list, the pages and the detail of every visitor.
  const list = new CachedJson(() => publicTemplates(app.db), ttl);
  const categories = new CachedJson(async () => templateCategories(), ttl);
  // Each page of it, encoded once: a page is cut from the list, and both are dropped together on a change.
  // Bounded: any page number is valid, most are empty.
  const pages = new CachedBodies<ReturnType<typeof catalogueTemplatePage>>(200);
  const pageOf = (page: number, size: number) =>
    pages.get(
      `${page}:${size}`,
      () => new CachedJson(async () => catalogueTemplatePage((await list.get()).value, page, size), ttl),
    );

  app.fastReads.add('/api/project-plans-without-pagination', list);
  app.get(
    '/api/project-plans-without-pagination',
    {
      schema: {
        tags: ['templates'],
        summary: 'Every active project plan template, with its links and outline',
        response: { 200: ProjectPlanListSchema },
      },
    },
    (request, reply) => sendCachedJson(request, reply, list),
  );

  app.fastReads.add('/api/project-plan-categories', categories);
  app.get(
    '/api/project-plan-categories',
    {
      schema: {
        tags: ['templates'],
        summary: 'The template categories',
        response: { 200: ProjectPlanCategoriesSchema },
      },
    },
    (request, reply) => sendCachedJson(request, reply, categories),
  );

  app.get(
    '/api/project-plans',
    {
      schema: {
        tags: ['templates'],
        summary: 'One page of templates (page counts from 0); an administrator also gets the inactive ones',
        querystring: ProjectPlanPageQuerySchema,
        response: { 200: ProjectPlanPageSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { page, size } = request.query;
      if (await app.callerIsAdmin(request)) return adminTemplatePage(app.db, page, size);
      return sendCachedJson(request, reply, pageOf(page, size));
    },
  );

  app.get(
    '/api/project-plans/:idOrSlug',
    {
      schema: {
        tags: ['templates'],
        summary: 'One template by id or slug (for a pasted link or a reload of its page); inactive ones for an admin',
        params: ProjectPlanRefSchema,
        response: { 200: ProjectPlanSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { idOrSlug } = request.params;
      if (await app.callerIsAdmin(request)) return adminTemplate(app.db, idOrSlug);
      return catalogueTemplate((await list.get()).value, idOrSlug);
    },
  );

  // Every instance drops its copy when an admin changes the catalogue on any of them.
  app.changes.subscribe('catalogue_changed', () => {
    list.invalidate();
    categories.invalidate();
    pages.clear();
  });
  await app.register(templatesAdminRoutes, { onChange: () => app.changes.publish('catalogue_changed') });
};
