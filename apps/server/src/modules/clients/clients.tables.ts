import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The product's record of a customer (the client record 'dppUser', docs/product-rules.md, Members). */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    /** The identity username; '' until linked. */
    username: text('username').notNull().default(''),
    email: text('email').notNull(),
    /** '1' trial, '2' paid, '' none. Set only by the server's billing flows. */
    isSubscribed: text('is_subscribed').$type<'1' | '2' | ''>().notNull().default(''),
    hasUsedFreeTrial: boolean('has_used_free_trial').notNull().default(false),
    planName: text('plan_name').notNull().default(''),
    digipremium: integer('digipremium').notNull().default(0),
    isAppsumoUser: boolean('is_appsumo_user').notNull().default(false),
    isToolkitUser: boolean('is_toolkit_user').notNull().default(false),
    trialStart: timestamp('trial_start', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    appsumoCode: text('appsumo_code').notNull().default(''),
    firstNameAppsumo: text('first_name_appsumo').notNull().default(''),
    lastNameAppsumo: text('last_name_appsumo').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_email_idx').on(t.email),
    index('clients_trial_start_idx').on(t.trialStart),
    index('clients_trial_end_idx').on(t.trialEnd),
    // The members search looks for any part of the address (ilike '%…%').
    index('clients_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const clientAuthorities = pgTable(
  'client_authorities',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('client_authorities_client_idx').on(t.clientId)],
);
