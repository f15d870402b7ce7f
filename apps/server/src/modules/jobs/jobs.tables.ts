import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/**
 * Long work (plan uploads, retried e-mail) as rows any server instance may claim: a claim is a lease
 * (locked_by, lease_until) renewed while the work runs; an expired lease may be taken over by anyone.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    index('jobs_lease_idx').on(t.status, t.leaseUntil),
    index('jobs_kind_created_idx').on(t.kind, t.createdAt),
  ],
);
