// First: node's next-tick shapes must be held before start-up's collections can drop them (lib/tick-shape.ts).
import './lib/tick-shape';
import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, derivedPublicUrlNotice, loadConfig } from './config/env';
import { productionProblems } from './config/production';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDatabase } from './db/seed';
import { ensureAdmin, resolveEncryptionKey } from './modules/identity';

async function main(): Promise<void> {
  // A .env file in the working folder is optional; the real environment wins over it.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (config.NODE_ENV === 'production') {
    const problems = productionProblems(config);
    if (problems.length > 0 && !config.PRODUCTION_ALLOW_SANDBOX) throw new ConfigError(problems);
    if (problems.length > 0)
      console.error(`Production mode with sandbox parts (PRODUCTION_ALLOW_SANDBOX):\n  - ${problems.join('\n  - ')}`);
  }
  const encryptionKey = resolveEncryptionKey(config);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    // The pool replaces a broken idle connection by itself; the event only needs recording.
    onError: (error) =>
      console.error(JSON.stringify({ level: 50, msg: 'idle database connection failed', err: error.message })),
  });
  await migrateDatabase(database);
  const seeded = await seedDatabase(database.db);
  const app = await buildApp({ config, db: database.db, encryptionKey });
  await ensureAdmin(app);
  app.log.info({ database: database.kind, seeded }, 'database ready');
  const publicUrlNotice = derivedPublicUrlNotice(config);
  if (publicUrlNotice) app.log.info({ publicUrl: config.PUBLIC_URL }, publicUrlNotice);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A request or job that never ends (a hung outside service) must not keep a stopping instance alive
    // until the orchestrator kills it without a word.
    const deadline = setTimeout(() => {
      app.log.error({ seconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown timed out; exiting with work unfinished');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    deadline.unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
