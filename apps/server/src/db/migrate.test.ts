import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/helpers';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

describe('migrations', () => {
  it('can be started by several instances at once: each waits its turn, all end migrated', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
    const handles = serverUrl
      ? await Promise.all([1, 2, 3].map(() => openDatabase({ url: scratch!.url, dataDir: '', poolSize: 2 })))
      : [await openDatabase({ dataDir: 'memory://' })];
    try {
      if (serverUrl) await Promise.all([...handles, ...handles].map((handle) => migrateDatabase(handle)));
      // PGlite is one process's database: starts there are sequential, and the second finds nothing to do.
      else for (const handle of [...handles, ...handles]) await migrateDatabase(handle);
      const result = await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const applied = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect(applied).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await scratch?.drop();
    }
  });
});
