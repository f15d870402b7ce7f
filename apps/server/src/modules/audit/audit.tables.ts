import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who did what, from where, and how it ended: security events and every administrator's change. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** e.g. 'identity.sign-in', 'admin.DELETE /api/project-plans/:id'. */
    action: text('action').notNull(),
    outcome: text('outcome').$type<'success' | 'failure'>().notNull(),
    statusCode: integer('status_code').notNull(),
    /** The signed-in caller, or the e-mail an identity call was about. */
    actorEmail: text('actor_email'),
    ip: text('ip').notNull(),
    /** The error's exception or code when the call failed (LimitExceededException marks a lockout). */
    reason: text('reason'),
    /** Route parameters (ids of what was changed). Never a body: bodies can hold passwords. */
    target: jsonb('target').$type<Record<string, string>>(),
    requestId: text('request_id').notNull(),
  },
  (t) => [index('audit_events_at_idx').on(t.at), index('audit_events_actor_idx').on(t.actorEmail)],
);
