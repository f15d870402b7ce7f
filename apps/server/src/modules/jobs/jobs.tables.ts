import { sql } from 'drizzle-orm';
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
    // Copied out of the payload by the database on every write, for the insights (ADR 0035): an upload's payload
    // carries its whole plan, stored compressed out of line, and reading one key of it per row costs milliseconds.
    /** The client whose job it is (uploads, archives); null when the payload names none. */
    clientId: integer('client_id').generatedAlwaysAs(
      sql`case when payload->>'clientId' ~ '^[0-9]{1,9}$' then (payload->>'clientId')::integer end`,
    ),
    /** An upload's task tool. */
    tool: text('tool').generatedAlwaysAs(sql`payload->>'tool'`),
    /** The template an upload sent, when its plan is one (an AI plan's id is not a number). */
    templateId: integer('template_id').generatedAlwaysAs(
      sql`case when payload->>'planId' ~ '^[0-9]{1,9}$' then (payload->>'planId')::integer end`,
    ),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    index('jobs_lease_idx').on(t.status, t.leaseUntil),
    // A member's jobs, newest first (the administrator's view of a member).
    index('jobs_client_idx').on(t.clientId, t.id),
    // The jobs that name a member by e-mail (the password-reset mail): found for their archive and deletion.
    index('jobs_email_idx').on(sql`(${t.payload}->>'email')`),
    // Every column the insights read of a job, so that they count uploads from the index alone.
    index('jobs_kind_created_idx').on(t.kind, t.createdAt, t.status, t.tool, t.templateId, t.clientId, t.finishedAt),
  ],
);
