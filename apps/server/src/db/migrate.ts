import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

/** The committed SQL migrations; the build copies them next to the bundle under the same relative path. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies every pending migration. Drizzle records applied ones, so this is safe at each start. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder };
  if (handle.kind === 'postgres') {
    await migratePg(handle.db as unknown as NodePgDatabase, config);
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
  }
}
