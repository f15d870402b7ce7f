import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { DatabaseHandle } from './client';

/** Any fixed number: instances starting together take turns on it, so migrations never race. */
const MIGRATION_LOCK = 424_241;

/** The committed SQL migrations; the build copies them next to the bundle under the same relative path. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies every pending migration. Drizzle records applied ones, so this is safe at each start.
 * `folder` is another set of migrations in the same layout (a test applies them one at a time).
 */
export async function migrateDatabase(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  const config = { migrationsFolder: folder };
  if (handle.kind === 'postgres') {
    // One connection holds the lock and runs the migrations; the others wait, then find nothing to do.
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzle(connection) as NodePgDatabase, config);
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      connection.release();
    }
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
  }
}
