import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';
import { jobs } from '../jobs/tables';

/**
 * A user's link to a task tool. The tool's tokens are encrypted (AES-256-GCM); the browser holds only
 * `handle`, an opaque random value stored here as a hash, which the server swaps for the real token.
 */
export const taskToolConnections = pgTable(
  'task_tool_connections',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    handleHash: text('handle_hash').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    accountEmail: text('account_email').notNull().default(''),
    accountId: text('account_id').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('task_tool_connections_client_tool_idx').on(t.clientId, t.tool),
    uniqueIndex('task_tool_connections_handle_idx').on(t.handleHash),
  ],
);

/** An OAuth round trip in progress: the state (hashed) bound to one session, used once, short-lived. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull(),
    sessionId: integer('session_id').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tool: text('tool').notNull(),
    /** PKCE verifier, encrypted; null for tools without PKCE. */
    codeVerifier: text('code_verifier'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_states_hash_idx').on(t.stateHash), index('oauth_states_expiry_idx').on(t.expiresAt)],
);

/** The upload ledger: every remote object an upload job created, recorded before the job moves on. */
export const uploadItems = pgTable(
  'upload_items',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    remoteId: text('remote_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.itemKey] })],
);

/** Answers of the feedback form that opens after a successful upload. */
export const uploadFeedback = pgTable(
  'upload_feedback',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_feedback_client_idx').on(t.clientId)],
);
