import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { withKeptStatements } from './pglite-statements';

/**
 * The same client whichever engine is behind it. It knows no table: each module queries its own tables, and
 * only drizzle-kit and the tests read them all (db/schema.ts), so that opening the database loads no module.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  url?: string | undefined;
  /** PGlite folder; 'memory://' for an in-memory database. */
  dataDir: string;
  /** A PGlite data folder dumped with `dumpDataDir` to start from instead of an empty one (test templates). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** Told about errors of idle pooled connections (a server restart, say), which would otherwise crash the process. */
  onError?: (error: Error) => void;
}

/**
 * The extensions the migrations create, which PGlite must load at every start of a folder that has them:
 * pg_trgm gives the members search (`ilike '%…%'`) its trigram indexes (ADR 0035).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens PostgreSQL through a pool when a URL is given, otherwise the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', (error) => options.onError?.(error));
    const db = drizzlePg(pool) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: PGLITE_EXTENSIONS,
    ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
  });
  const db = drizzlePglite(withKeptStatements(client)) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}
