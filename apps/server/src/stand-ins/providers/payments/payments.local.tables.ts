import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * State of the local card and order providers, which stand in for Stripe and PayPal when their keys
 * are not configured. Card numbers are never stored: only brand, last four digits and expiry.
 */
export const localCardCustomers = pgTable('local_card_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  clientId: integer('client_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const localCardSetupIntents = pgTable('local_card_setup_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  customerId: text('customer_id').notNull(),
  status: text('status').notNull(),
  paymentMethodId: text('payment_method_id'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const localCardPaymentMethods = pgTable('local_card_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** Stripe's 4000 0000 0000 0341: attaches, then every charge fails. */
  chargesFail: boolean('charges_fail').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const localCardSubscriptions = pgTable(
  'local_card_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    priceId: text('price_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    interval: text('interval').$type<'month' | 'year'>().notNull(),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    defaultPaymentMethodId: text('default_payment_method_id'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [index('local_card_subscriptions_due_idx').on(t.status, t.currentPeriodEnd)],
);

/** Each charge: an invoice with its payment intent. */
export const localCardInvoices = pgTable('local_card_invoices', {
  id: text('id').primaryKey(),
  subscriptionId: text('subscription_id').notNull(),
  customerId: text('customer_id').notNull(),
  paymentIntentId: text('payment_intent_id').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').$type<'paid' | 'open'>().notNull(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Every event the local card provider emitted, as Stripe keeps its event log. */
export const localCardEvents = pgTable('local_card_events', {
  id: text('id').primaryKey(),
  /** Order of emission within the same instant. */
  seq: serial('seq').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** Set once the billing handler has taken the event; null ones are delivered again. */
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});

export const localOrders = pgTable('local_orders', {
  id: text('id').primaryKey(),
  status: text('status').notNull(),
  description: text('description').notNull(),
  value: text('value').notNull(),
  referenceId: text('reference_id').notNull(),
  captureId: text('capture_id'),
  requestId: text('request_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
