import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export type SandboxTool = 'asana' | 'clickup' | 'monday';

/** A person who consented on a simulator's OAuth page, one per tool and e-mail. */
export const sandboxAccounts = pgTable(
  'sandbox_accounts',
  {
    id: serial('id').primaryKey(),
    tool: text('tool').$type<SandboxTool>().notNull(),
    /** The tool's own id of the user (Asana gid, ClickUp user id, monday user id). */
    remoteId: text('remote_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_accounts_tool_email_idx').on(t.tool, t.email),
    uniqueIndex('sandbox_accounts_tool_remote_idx').on(t.tool, t.remoteId),
  ],
);

/**
 * Everything created in a simulator, as one tree per account: workspace → team/space → project/
 * board → section/group → task/item → subtask. `parentId` is the remote id of the parent.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: serial('id').primaryKey(),
    tool: text('tool').$type<SandboxTool>().notNull(),
    kind: text('kind').notNull(),
    remoteId: text('remote_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_objects_tool_remote_idx').on(t.tool, t.remoteId),
    index('sandbox_objects_parent_idx').on(t.tool, t.parentId),
    index('sandbox_objects_account_idx').on(t.accountId),
  ],
);

/** Authorization codes, access and refresh tokens the simulators issued; only hashes are kept. */
export const sandboxGrants = pgTable(
  'sandbox_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    tool: text('tool').$type<SandboxTool>().notNull(),
    kind: text('kind').$type<'code' | 'access' | 'refresh'>().notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri'),
    codeChallenge: text('code_challenge'),
    scope: text('scope'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_grants_account_idx').on(t.accountId)],
);

/** Rate-limit windows per tool and token (hash), shared by every server instance. */
export const sandboxRateWindows = pgTable(
  'sandbox_rate_windows',
  {
    tool: text('tool').$type<SandboxTool>().notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tool, t.key] })],
);

/**
 * Faults armed for tests of uploads: the API request of a tool after `skip` more requests answers
 * 500, 429 or has its connection dropped. Shared by every instance, like the rest of the state.
 */
export const sandboxFaults = pgTable('sandbox_faults', {
  id: serial('id').primaryKey(),
  tool: text('tool').$type<SandboxTool>().notNull(),
  skip: integer('skip').notNull(),
  kind: text('kind').$type<'500' | '429' | 'drop' | 'lost'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
