import { existsSync } from 'node:fs';
import { loadConfig } from '../config/env';
import { backupDatabase, restoreDatabase } from './backup';

// `npm run backup [file]` and `npm run restore <file>`: the database the server's settings point at.
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const [command, given] = process.argv.slice(2);
  const config = loadConfig();
  const target = { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR };
  const kind = target.databaseUrl ? 'PostgreSQL' : `PGlite (${target.dataDir})`;
  if (command === 'backup') {
    const file =
      given ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.${target.databaseUrl ? 'dump' : 'tar.gz'}`;
    await backupDatabase(target, file);
    console.log(`Backed up ${kind} to ${file}`);
  } else if (command === 'restore' && given) {
    await restoreDatabase(target, given);
    console.log(`Restored ${kind} from ${given}`);
  } else {
    throw new Error('Usage: npm run backup [file] | npm run restore <file>');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
