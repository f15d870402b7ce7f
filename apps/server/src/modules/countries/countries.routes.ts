import { CountryListSchema } from '@dpp/shared';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CachedJson, sendCachedJson } from '../../lib/cached-json';
import { countries } from './countries.tables';

export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = new CachedJson(
    async () =>
      (await app.db.select().from(countries).orderBy(asc(countries.name))).map((c) => ({
        name: c.name,
        dial_code: c.dialCode,
        code: c.code,
      })),
    app.config.CATALOGUE_CACHE_SECONDS * 1000,
  );

  app.fastReads.add('/api/countries', list);
  app.get(
    '/api/countries',
    {
      schema: {
        tags: ['countries'],
        summary: 'Every country with its dialling code and two-letter code, by name',
        response: { 200: CountryListSchema },
      },
    },
    (request, reply) => sendCachedJson(request, reply, list),
  );
};
