import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/helpers';
import { type Database, type DatabaseHandle, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { seedDatabase } from './seed';

/**
 * Upgrading never loses data: the migrations are applied one at a time, as successive releases would,
 * on a database that holds the seed catalogue (from the first migration it fits) and a row in every
 * table (from the migration that creates it), with every column set. After the last one, every row
 * seen at any step is still there with the values it had. A migration that drops or rewrites data
 * fails here on purpose.
 */

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

interface JournalEntry {
  idx: number;
  tag: string;
}
interface Journal {
  entries: JournalEntry[];
}

interface Column {
  name: string;
  /** information_schema's type name (integer, jsonb, …) and the type's own name, good in a cast (int4, …). */
  type: string;
  udt: string;
  generated: boolean;
}
interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A migrations folder holding only the first `count` migrations, in drizzle's layout. */
function firstMigrations(journal: Journal, count: number, root: string): string {
  const folder = join(root, `upto-${count}`);
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const entry of entries) copyFileSync(join(MIGRATIONS, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

async function tablesOf(db: Database): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return found.map((t) => t.name);
}

async function columnsOf(db: Database, table: string): Promise<Column[]> {
  const found = await rows<{ name: string; type: string; udt: string; generated: string }>(
    db,
    sql`select column_name as name, data_type as type, udt_name as udt, is_generated as generated
        from information_schema.columns
        where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  );
  return found.map((c) => ({ ...c, generated: c.generated === 'ALWAYS' }));
}

async function foreignKeys(db: Database): Promise<ForeignKey[]> {
  return rows<ForeignKey>(
    db,
    sql`select cl.relname as "table", a.attname as "column", rcl.relname as "refTable", ra.attname as "refColumn"
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join pg_class rcl on rcl.oid = c.confrelid
        cross join lateral unnest(c.conkey, c.confkey) as k(col, refcol)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
        join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = k.refcol
        where c.contype = 'f' and n.nspname = 'public'`,
  );
}

/** Parents before children, so every foreign key of a new row can point at a row inserted before it. */
function parentsFirst(tables: string[], keys: ForeignKey[]): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const key of keys) if (key.table === table && tables.includes(key.refTable)) visit(key.refTable);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

let counter = 0;
/** A distinct value of the column's type, far from the ids and names the seed uses. */
function probeValue(table: string, column: Column): SQL {
  counter += 1;
  const label = `migration probe ${table}.${column.name} ${counter}`;
  switch (column.type) {
    case 'smallint':
      return sql`${(counter % 30_000) + 1000}`;
    case 'integer':
    case 'bigint':
      return sql`${900_000 + counter}`;
    case 'numeric':
    case 'real':
    case 'double precision':
      return sql`${counter + 0.5}`;
    case 'boolean':
      return sql`${counter % 2 === 0}`;
    case 'uuid':
      return sql`${randomUUID()}::uuid`;
    case 'jsonb':
    case 'json':
      return sql`${JSON.stringify({ probe: label, list: [counter] })}::jsonb`;
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return sql`${new Date(Date.UTC(2025, 0, 1, 0, 0, counter)).toISOString()}::timestamptz`;
    case 'date':
      return sql`'2025-01-01'::date`;
    case 'bytea':
      // Bytes, not text: PGlite refuses a string for a bytea parameter.
      return sql`${Buffer.from(label)}::bytea`;
    case 'text':
    case 'character varying':
      return sql`${label}`;
    default:
      throw new Error(`No probe value for ${table}.${column.name} of type ${column.type}: add one here`);
  }
}

/** One row with every column set (foreign keys to the parent rows inserted before), as stored. */
async function insertProbeRow(
  db: Database,
  table: string,
  keys: ForeignKey[],
  inserted: Map<string, Record<string, unknown>>,
): Promise<void> {
  const columns = (await columnsOf(db, table)).filter((c) => !c.generated);
  const values = columns.map((column) => {
    const key = keys.find((k) => k.table === table && k.column === column.name);
    if (!key) return probeValue(table, column);
    const parent = inserted.get(key.refTable);
    if (!parent) throw new Error(`${table}.${column.name} refers to ${key.refTable}, which has no probe row`);
    // The parent's value as stored (JSON), back to the column's type by its own cast.
    const value = parent[key.refColumn];
    return sql`${typeof value === 'string' ? value : JSON.stringify(value)}::${sql.identifier(column.udt)}`;
  });
  const [row] = await rows<{ row: string }>(
    db,
    sql`insert into ${sql.identifier(table)} (${sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    )}) values (${sql.join(values, sql`, `)}) returning to_jsonb(${sql.identifier(table)})::text as row`,
  );
  inserted.set(table, JSON.parse(row!.row) as Record<string, unknown>);
}

/** Every row of every table, as JSON objects of their columns, by their JSON text. */
async function everyRow(db: Database): Promise<Map<string, Map<string, Record<string, unknown>>>> {
  const all = new Map<string, Map<string, Record<string, unknown>>>();
  for (const table of await tablesOf(db)) {
    const found = await rows<{ row: string }>(db, sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t`);
    all.set(table, new Map(found.map((r) => [r.row, JSON.parse(r.row) as Record<string, unknown>])));
  }
  return all;
}

const projection = (row: Record<string, unknown>, columns: string[]) =>
  JSON.stringify(columns.map((c) => [c, row[c] ?? null]));

describe('migrations keep every row', () => {
  let handle: DatabaseHandle;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let root: string;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
    handle = await openDatabase({ url: scratch?.url, dataDir: 'memory://', poolSize: 2 });
    root = mkdtempSync(join(tmpdir(), 'dpp-migrations-'));
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('applies 0000 to the last one by one on a database with data, and every row survives', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as Journal;
    expect(journal.entries.length).toBeGreaterThanOrEqual(2);
    const { db } = handle;
    const inserted = new Map<string, Record<string, unknown>>();
    /** Every row seen after any step, by table. */
    const seen = new Map<string, Map<string, Record<string, unknown>>>();
    let seededAt: number | undefined;

    for (let count = 1; count <= journal.entries.length; count++) {
      await migrateDatabase(handle, firstMigrations(journal, count, root));
      const [applied] = await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied!.n).toBe(count);

      // The seed needs tables of several migrations; it goes in at the first step where they all exist.
      if (seededAt === undefined) {
        try {
          await seedDatabase(db);
          seededAt = count;
        } catch {
          // Not every table it fills exists yet.
        }
      }

      const keys = await foreignKeys(db);
      const fresh = (await tablesOf(db)).filter((t) => !inserted.has(t));
      for (const table of parentsFirst(fresh, keys)) await insertProbeRow(db, table, keys, inserted);

      for (const [table, tableRows] of await everyRow(db)) {
        seen.set(table, new Map([...(seen.get(table) ?? []), ...tableRows]));
      }
    }

    expect(seededAt).toBeDefined();
    expect(seen.get('plans')?.size).toBeGreaterThan(1);
    expect(seen.get('countries')?.size).toBeGreaterThan(100);

    const final = await everyRow(db);
    const lost: string[] = [];
    for (const [table, tableRows] of seen) {
      const now = final.get(table);
      if (!now) {
        lost.push(`table ${table} is gone`);
        continue;
      }
      for (const row of tableRows.values()) {
        const columns = Object.keys(row);
        const wanted = projection(row, columns);
        if (![...now.values()].some((r) => projection(r, columns) === wanted)) {
          lost.push(`${table}: ${JSON.stringify(row).slice(0, 300)}`);
        }
      }
    }
    expect(lost).toEqual([]);
    // Every table of the last migration got a row, so the check covered all of them.
    expect([...final.keys()].filter((t) => !inserted.has(t))).toEqual([]);
  }, 120_000);
});
