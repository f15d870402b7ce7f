import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { leases } from './leases.tables';

/** A slot taken; letting go more than once does nothing. */
export interface Lease {
  release(): Promise<void>;
}

/**
 * Takes one of `slots` slots of `key` for `ttlMs`, or answers null when every one is held: work under way that
 * every instance on the database counts together (a member's AI answers being written). Each slot is one row,
 * taken by an insert that a held slot's primary key refuses; a slot whose time has run out (its holder stopped
 * without letting go) is taken over by the same statement.
 */
export async function takeLease(
  db: Database,
  key: string,
  options: { slots: number; ttlMs: number },
): Promise<Lease | null> {
  const holder = randomUUID();
  for (let slot = 0; slot < options.slots; slot++) {
    const expiresAt = sql`now() + ${`${options.ttlMs} milliseconds`}::interval`;
    const [taken] = await db
      .insert(leases)
      .values({ key, slot, holder, expiresAt })
      .onConflictDoUpdate({
        target: [leases.key, leases.slot],
        set: { holder, expiresAt },
        setWhere: sql`${leases.expiresAt} <= now()`,
      })
      .returning({ slot: leases.slot });
    if (taken) return heldLease(db, key, slot, holder);
  }
  return null;
}

function heldLease(db: Database, key: string, slot: number, holder: string): Lease {
  let released: Promise<void> | null = null;
  return {
    release() {
      // Only this holder's row: after its time ran out the slot may be someone else's.
      released ??= db
        .delete(leases)
        .where(and(eq(leases.key, key), eq(leases.slot, slot), eq(leases.holder, holder)))
        .then(() => undefined);
      return released;
    },
  };
}
