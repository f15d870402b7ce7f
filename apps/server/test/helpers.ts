import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { seedDatabase } from '../src/db/seed';

export interface TestContext {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database per call: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL, so the same suite runs on both.
 */
export async function buildTestApp(): Promise<TestContext> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const database = await openDatabase({ url: scratch?.url, dataDir: 'memory://', poolSize: 4 });
  await migrateDatabase(database);
  await seedDatabase(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

async function createScratchDatabase(serverUrl: string) {
  const name = `dpp_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
