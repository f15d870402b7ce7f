import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/helpers';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { clients } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { backupDatabase, restoreDatabase } from './backup';

const folder = mkdtempSync(join(tmpdir(), 'dpp-backup-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The target under test: a scratch PostgreSQL database when the suite runs on PostgreSQL, else a PGlite folder. */
async function target() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  return { scratch, databaseUrl: scratch?.url, dataDir: join(folder, 'data') };
}

describe('backup and restore', () => {
  it('round-trips the catalogue and user data, undoing what happened after the backup', async () => {
    const where = await target();
    const open = () => openDatabase({ url: where.databaseUrl, dataDir: where.dataDir, poolSize: 2 });
    try {
      let database = await open();
      await migrateDatabase(database);
      await seedDatabase(database.db);
      await database.db.insert(clients).values({ email: 'kept@example.com', planName: 'Pro Monthly Membership' });
      await database.close();

      const file = join(folder, where.databaseUrl ? 'backup.dump' : 'backup.tar.gz');
      await backupDatabase(where, file);

      database = await open();
      await database.db.delete(clients).where(eq(clients.email, 'kept@example.com'));
      await database.db.insert(clients).values({ email: 'after-backup@example.com' });
      await database.close();

      await restoreDatabase(where, file);

      database = await open();
      const emails = (await database.db.select({ email: clients.email }).from(clients)).map((c) => c.email);
      expect(emails).toContain('kept@example.com');
      expect(emails).not.toContain('after-backup@example.com');
      const [kept] = await database.db.select().from(clients).where(eq(clients.email, 'kept@example.com'));
      expect(kept?.planName).toBe('Pro Monthly Membership');
      // The restored database is complete: migrating again has nothing to do and the seed finds its data.
      await migrateDatabase(database);
      expect(await seedDatabase(database.db)).toBeDefined();
      await database.close();
    } finally {
      await where.scratch?.drop();
    }
  });

  it('says plainly when the backup file is missing', async () => {
    await expect(restoreDatabase({ dataDir: join(folder, 'none') }, join(folder, 'missing.tar.gz'))).rejects.toThrow(
      /no backup file/,
    );
  });
});
