import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Our user pool: one row per sign-in identity. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Public, stable identifier (the user pool's 'username'). */
    username: uuid('username').notNull().unique(),
    /** Lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    countryName: text('country_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    address: text('address').notNull().default(''),
    firstLogin: boolean('first_login').notNull().default(true),
    appsumoLogin: boolean('appsumo_login').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

/** Verification and reset codes: random, single use, stored as hashes. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_codes_user_idx').on(t.userId, t.purpose)],
);

/** Opaque bearer sessions, stored as hashes; 4 hours, renewed by activity; revocable. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins and code attempts per account, for the lockout. */
export const identityFailures = pgTable(
  'identity_failures',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased e-mail: failures count for unknown addresses too, so probing learns nothing. */
    account: text('account').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_failures_account_idx').on(t.account, t.failedAt)],
);

export const identityLockouts = pgTable('identity_lockouts', {
  account: text('account').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
});
