import { InsightsCsvQuerySchema, InsightsQuerySchema, InsightsSchema } from '@dpp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors';
import { insightsCsv } from './insights.csv';
import { readInsights } from './insights.repository';

const errors = errorResponses(400, 401, 403);
const tags = ['admin'];

/**
 * The insights tab of /admin_panel: how the business did over a range of days, from aggregate queries.
 * Administrators only, checked before the range is read; reads, so not written to the audit log.
 */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/insights',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Sign-ups, trials, revenue, churn, purchases, lifetime deals, uploads, AI credits and templates',
        querystring: InsightsQuerySchema,
        response: { 200: InsightsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readInsights(app.db, request.query.from, request.query.to);
    },
  );

  app.get(
    '/api/admin/insights.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'One table of the insights as CSV (RFC 4180)',
        querystring: InsightsCsvQuerySchema,
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { table, from, to } = request.query;
      const csv = insightsCsv(await readInsights(app.db, from, to), table);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="insights-${table}-${from}-${to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
