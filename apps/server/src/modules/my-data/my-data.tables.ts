import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';
import { jobs } from '../jobs/tables';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A member's archive of their data ("Download my data"): built by a job, downloaded once by its owner with a
 * token of which only the SHA-256 is kept, within an hour. The archive is kept in the row so that any
 * instance can hand it out; it is emptied once downloaded, or by the sweep once its hour is over. The row stays
 * a while longer: it counts toward the member's archives of the day (ADR 0040).
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
    /** Set while the archive is being built, cleared once it is stored or its job has failed for good. */
    buildingSince: timestamp('building_since', { withTimezone: true }),
  },
  (t) => [
    index('member_exports_client_idx').on(t.clientId),
    // One archive in the making per member, whatever the instance or the moment: a second insert conflicts.
    uniqueIndex('member_exports_one_building_idx').on(t.clientId).where(sql`${t.buildingSince} is not null`),
  ],
);
