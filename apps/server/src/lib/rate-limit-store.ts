import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { rateLimitHits } from './rate-limit.tables';

type Incr = FastifyRateLimitStore['incr'];

/**
 * A @fastify/rate-limit store in PostgreSQL, so several instances count one client's requests together.
 * One upsert per counted request: a window starts at the first hit and ends `timeWindow` ms later.
 */
export function postgresRateLimitStore(db: Database) {
  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr: Incr = (key, callback, timeWindow) => {
      const id = `${this.prefix}${key}`;
      db.execute<{ current: number; ttl: number }>(sql`
        insert into ${rateLimitHits} (key, count, expires_at)
        values (${id}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
        on conflict (key) do update set
          count = case when ${rateLimitHits.expiresAt} <= now() then 1 else ${rateLimitHits.count} + 1 end,
          expires_at = case when ${rateLimitHits.expiresAt} <= now() then excluded.expires_at
                            else ${rateLimitHits.expiresAt} end
        returning count as current,
                  greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`)
        .then((result) => {
          const row = (result as unknown as { rows: { current: number; ttl: number }[] }).rows[0]!;
          callback(null, { current: Number(row.current), ttl: Number(row.ttl) });
        })
        .catch((error: Error) => callback(error));
    };

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route as `routeInfo` (as its Redis store reads it); the typing omits it.
      const { routeInfo } = routeOptions as unknown as { routeInfo?: { method: string; url: string } };
      const route = routeInfo ? `${routeInfo.method}${routeInfo.url}-` : '';
      return new PostgresStore(undefined, `${this.prefix}${route}`);
    }
  }
  return PostgresStore;
}

/** Drops finished windows; run now and then so the table holds only live counters. */
async function pruneRateLimitHits(db: Database): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, sql`now()`));
}

/**
 * Where rate-limit counters live: Redis when REDIS_URL is set, PostgreSQL when the server runs on one
 * (several instances), otherwise this process's memory (the embedded database means one process).
 */
export function rateLimitStorage(
  config: { REDIS_URL?: string | undefined; DATABASE_URL?: string | undefined },
  db: Database,
  /** How often finished windows are deleted from PostgreSQL (every client address leaves a row). */
  pruneEveryMs = 5 * 60_000,
): { options: Partial<FastifyRateLimitOptions>; close(): Promise<void>; kind: 'redis' | 'postgres' | 'memory' } {
  if (config.REDIS_URL) {
    const redis = new Redis(config.REDIS_URL, {
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
    });
    // A Redis outage must not take the site down: the plugin lets requests through when the store fails.
    redis.on('error', () => {});
    return { kind: 'redis', options: { redis, skipOnError: true }, close: async () => void (await redis.quit()) };
  }
  if (config.DATABASE_URL) {
    let pruning: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (pruning) return;
      pruning = pruneRateLimitHits(db)
        .catch(() => {
          // The database may be briefly unreachable; the next run catches up.
        })
        .finally(() => {
          pruning = null;
        });
    }, pruneEveryMs);
    // Never what keeps a process alive.
    timer.unref();
    return {
      kind: 'postgres',
      options: { store: postgresRateLimitStore(db), skipOnError: true },
      close: async () => {
        clearInterval(timer);
        // A run under way ends before the database it deletes from is closed.
        await pruning;
      },
    };
  }
  return { kind: 'memory', options: {}, close: async () => {} };
}
