import { PlanListResponseSchema } from '@dpp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CachedJson, sendCachedJson } from '../../lib/cached-json';
import { listPlans } from './plans.repository';

export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new CachedJson(
    async () => ({ data: await listPlans(app.db) }),
    app.config.CATALOGUE_CACHE_SECONDS * 1000,
  );

  app.fastReads.add('/api/plan/get', cache);
  app.get(
    '/api/plan/get',
    {
      schema: {
        tags: ['plans'],
        summary: 'Every membership plan with its prices (in cents) and bullet points',
        response: { 200: PlanListResponseSchema },
      },
    },
    (request, reply) => sendCachedJson(request, reply, cache),
  );
};
