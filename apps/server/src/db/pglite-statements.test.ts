import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withKeptStatements } from './pglite-statements';

// The embedded engine's own behaviour, whatever database the rest of the suite runs on.
describe('PGlite with kept statements', () => {
  let raw: PGlite;
  let client: PGlite;
  const kept = async () =>
    (await raw.query<{ name: string }>(`select name from pg_prepared_statements where name like 'kept_%'`)).rows.length;

  beforeAll(async () => {
    raw = await PGlite.create('memory://');
    client = withKeptStatements(raw, 3);
    await client.exec(
      `create table notes (id serial primary key, body text not null unique, at timestamptz, data jsonb)`,
    );
  });
  afterAll(() => raw.close());

  it('prepares a statement once and binds each call its own parameters', async () => {
    const insert = 'insert into notes (body, at, data) values ($1, $2, $3) returning id, body, at, data';
    const at = new Date('2026-11-25T10:00:00Z');
    const first = await client.query<{ id: number; body: string; at: Date; data: unknown }>(insert, [
      "it's; drop table notes; --",
      at,
      { a: [1, 2] },
    ]);
    const second = await client.query<{ body: string; at: Date | null }>(insert, ['second', null, null]);
    expect(first.rows[0]).toEqual({ id: 1, body: "it's; drop table notes; --", at, data: { a: [1, 2] } });
    expect(second.rows[0]).toMatchObject({ body: 'second', at: null });
    expect(first.fields.map((f) => f.name)).toEqual(['id', 'body', 'at', 'data']);
    expect(await kept()).toBe(1);
    expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 2 }]);
  });

  it('answers in the row mode asked for, as drizzle reads it', async () => {
    const result = await client.query('select id, body from notes where id = $1', [1], { rowMode: 'array' });
    expect(result.rows).toEqual([[1, "it's; drop table notes; --"]]);
  });

  it('keeps at most its capacity, closing the least recently used statement', async () => {
    for (const n of [1, 2, 3, 4]) await client.query(`select $1::int + ${n} as n`, [1]);
    expect(await kept()).toBe(3);
    expect((await client.query<{ n: number }>('select $1::int + 4 as n', [1])).rows).toEqual([{ n: 5 }]);
  });

  it('stays usable after a statement fails, and reports the failure', async () => {
    const insert = 'insert into notes (body) values ($1)';
    await expect(client.query(insert, ['second'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('select $1::int as n', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    await client.query(insert, ['third']);
    expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 3 }]);
  });

  it('never runs inside another caller’s transaction', async () => {
    const count = 'select count(*)::int as n from notes';
    let outside: Promise<{ rows: { n: number }[] }> | undefined;
    await client.transaction(async (tx) => {
      await tx.query(`insert into notes (body) values ('in a transaction')`);
      // Asked while the transaction is open and has written; the transaction goes on before it ends.
      outside = client.query<{ n: number }>(count);
      await tx.query(count);
      await tx.query('rollback');
    });
    expect((await outside!).rows).toEqual([{ n: 3 }]);
  });

  it('follows a change of the table under a kept statement', async () => {
    const all = 'select * from notes where id = $1';
    expect(Object.keys((await client.query(all, [1])).rows[0] as object)).not.toContain('pinned');
    await client.exec('alter table notes add column pinned boolean not null default false');
    expect((await client.query(all, [1])).rows[0]).toMatchObject({ id: 1, pinned: false });
  });
});
