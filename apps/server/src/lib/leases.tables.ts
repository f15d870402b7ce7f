import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Work under way that every instance counts together: at most a given number of slots per key, each held by one
 * holder until it lets go or its time runs out (an instance that stopped mid-way lets go of nothing). See leases.ts.
 */
export const leases = pgTable(
  'leases',
  {
    key: text('key').notNull(),
    slot: integer('slot').notNull(),
    holder: text('holder').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.slot] })],
);
