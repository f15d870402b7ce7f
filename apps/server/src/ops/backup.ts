import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/client';

/**
 * Backups of the whole database, with the engine's own tools: pg_dump / pg_restore (custom format)
 * for PostgreSQL, PGlite's data-folder dump for the embedded database. A backup of one engine restores
 * into the same engine.
 */
interface BackupTarget {
  /** PostgreSQL connection string; without it the PGlite folder is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.trim()}`);
}

export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.databaseUrl) {
    run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, target.databaseUrl]);
    return;
  }
  if (!existsSync(target.dataDir)) throw new Error(`There is no database in ${target.dataDir}`);
  // PGlite allows one process per folder: the server must be stopped while this runs.
  const db = await PGlite.create(target.dataDir, { extensions: PGLITE_EXTENSIONS });
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/**
 * Replaces the database with the backup's content. For PGlite the previous folder is kept next to it
 * (`<dataDir>.before-restore-<time>`), so a mistaken restore can be undone by hand.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`There is no backup file at ${file}`);
  if (target.databaseUrl) {
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return;
  }
  if (existsSync(target.dataDir)) renameSync(target.dataDir, `${target.dataDir}.before-restore-${Date.now()}`);
  const db = await PGlite.create(target.dataDir, {
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([readFileSync(file)]),
  });
  await db.query('select 1');
  await db.close();
}
