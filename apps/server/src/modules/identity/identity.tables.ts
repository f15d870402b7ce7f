import { ERASED_MEMBER_DOMAIN } from '@dpp/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** When the address was confirmed (the account's activation); null while unconfirmed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    countryName: text('country_name').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    address: text('address').notNull().default(''),
    firstLogin: boolean('first_login').notNull().default(true),
    appsumoLogin: boolean('appsumo_login').notNull().default(false),
    /** Set by an administrator: no sign-in opens a session while it is set (its sessions ended with it). */
    signInDisabledAt: timestamp('sign_in_disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_created_idx').on(t.createdAt),
    index('users_confirmed_idx').on(t.confirmedAt),
    // The members search looks for any part of the full name (ilike '%…%'), written exactly as it is here.
    index('users_name_trgm_idx').using('gin', sql`(${t.givenName} || ' ' || ${t.familyName}) gin_trgm_ops`),
    // A deleted member's kept client record carries such an address (ADR 0034): an identity with it would take
    // that record over. Every way in refuses it first; this makes it so whatever the way.
    check('users_email_not_erased', sql`${t.email} not like ${sql.raw(`'%@${ERASED_MEMBER_DOMAIN}'`)}`),
  ],
);

/**
 * What a code is for: e-mail verification, password reset, a second-factor challenge after the password,
 * a two-factor recovery code, the hand-over of a social sign-in to the web app, the proof a sign-up
 * gives the browser that chose the password, or the mailed confirmation of an account's deletion.
 */
export type CodePurpose = 'verify' | 'reset' | 'mfa' | 'recovery' | 'social' | 'sign-up' | 'delete-account';

/** Verification and reset codes: random, single use, stored as hashes. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
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

/** Failed sign-ins and second-factor codes, for the sign-in throttle (identity.throttle.ts, ADR 0025). */
export const identityFailures = pgTable(
  'identity_failures',
  {
    id: serial('id').primaryKey(),
    /**
     * The throttle key: the lower-cased e-mail (the account), or `email|ip` (the account from one address).
     * Failures count for unknown addresses too, so probing learns nothing.
     */
    account: text('account').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_failures_account_idx').on(t.account, t.failedAt)],
);

/** Until when a throttle key (as in identity_failures) must wait. */
export const identityLockouts = pgTable('identity_lockouts', {
  account: text('account').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
});

/** TOTP second factor: the secret encrypted (AES-256-GCM); enabled once a first code confirmed it. */
export const identityMfa = pgTable('identity_mfa', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step of the last accepted code: a code is never accepted twice. */
  lastTimeStep: integer('last_time_step'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Google and Facebook accounts linked to a user. */
export const identityOauthAccounts = pgTable(
  'identity_oauth_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'google' | 'facebook'>().notNull(),
    /** The provider's stable id of the person. */
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_oauth_accounts_subject_idx').on(t.provider, t.subject),
    uniqueIndex('identity_oauth_accounts_user_idx').on(t.userId, t.provider),
  ],
);

/** Social sign-ins under way: the state and the PKCE verifier, both hashed; single use, 10 minutes. */
export const identityOauthStates = pgTable('identity_oauth_states', {
  id: serial('id').primaryKey(),
  provider: text('provider').$type<'google' | 'facebook'>().notNull(),
  stateHash: text('state_hash').notNull().unique(),
  /** The verifier itself stays in the browser's HttpOnly cookie, which binds the sign-in to that browser. */
  verifierHash: text('verifier_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
