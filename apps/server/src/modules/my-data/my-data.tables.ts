import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';
import { jobs } from '../jobs/tables';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A member's archive of their data ("Download my data"): built by a job, downloaded once by its owner with a
 * token of which only the SHA-256 is kept, within an hour. The archive is kept in the row so that any
 * instance can hand it out; it is emptied once downloaded.
 */
export const memberExports = pgTable(
  'member_exports',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** Parts (table groups) written so far, of `partsTotal`: the job's progress. */
    partsDone: integer('parts_done').notNull().default(0),
    partsTotal: integer('parts_total').notNull().default(0),
    archive: bytea('archive'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [index('member_exports_client_idx').on(t.clientId)],
);
