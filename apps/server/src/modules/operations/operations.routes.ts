import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { sameSecret } from '../../lib/same-secret';

/** How many migrations this build ships: the database is ready only when all of them are applied. */
function shippedMigrationCount(): number {
  const journal = fileURLToPath(new URL('../../db/migrations/meta/_journal.json', import.meta.url));
  const bundled = fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url));
  for (const path of [journal, bundled]) {
    try {
      return (JSON.parse(readFileSync(path, 'utf8')) as { entries: unknown[] }).entries.length;
    } catch {
      // Not at this location in this layout (source or bundle); try the other.
    }
  }
  throw new Error('The migrations journal was not found');
}

const Ready = z.object({ status: z.literal('ready'), migrations: z.number().int() });

/** Liveness, readiness and Prometheus metrics for load balancers and monitoring. */
export async function operationsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const expectedMigrations = shippedMigrationCount();

  api.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  api.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers and every migration of this build is applied',
        response: { 200: Ready },
      },
    },
    async (request) => {
      let applied: number;
      try {
        const rows = await app.db.execute<{ count: number }>(
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        );
        applied = Number((rows as unknown as { rows?: { count: number }[] }).rows?.[0]?.count ?? 0);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database check failed');
        throw new AppError('UNAVAILABLE', 'The database is not reachable');
      }
      if (applied < expectedMigrations) {
        throw new AppError('UNAVAILABLE', `${expectedMigrations - applied} migration(s) not applied yet`);
      }
      return { status: 'ready' as const, migrations: applied };
    },
  );

  api.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.METRICS_TOKEN;
    // Production without a token (a sandboxed start) serves metrics to nobody rather than to everybody.
    const open = !token && app.config.NODE_ENV !== 'production';
    if (!open && !(token && sameSecret(request.headers.authorization ?? '', `Bearer ${token}`))) {
      throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required');
    }
    reply.type(app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });
}
