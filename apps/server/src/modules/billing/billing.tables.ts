import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';
import { projectPlans } from '../templates/tables';

/** A client's customer at the card provider (one per client and provider). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_customers_client_provider_idx').on(t.clientId, t.provider),
    uniqueIndex('billing_customers_provider_id_idx').on(t.provider, t.providerCustomerId),
  ],
);

/** Our copy of each provider subscription, kept in step by the flows and the provider's events. */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').notNull(),
    priceId: text('price_id').notNull(),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The confirmed card setup it was created from: a replayed create returns this row. */
    setupIntentId: text('setup_intent_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_subscriptions_provider_id_idx').on(t.provider, t.providerSubscriptionId),
    index('billing_subscriptions_client_idx').on(t.clientId),
    index('billing_subscriptions_status_plan_idx').on(t.status, t.planId),
    index('billing_subscriptions_canceled_idx').on(t.canceledAt),
  ],
);

/** Provider events already handled: the primary key makes each event count once. */
export const billingProcessedEvents = pgTable('billing_processed_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Payments the browser reported through save-payment, checked with the provider first. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    providerReference: text('provider_reference').notNull(),
    kind: text('kind').$type<'setup_intent' | 'payment_intent'>().notNull(),
    amountCents: integer('amount_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_payments_reference_idx').on(t.providerReference)],
);

/** One-time template purchases. */
export const templatePurchases = pgTable(
  'template_purchases',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    projectPlanId: integer('project_plan_id')
      .notNull()
      .references(() => projectPlans.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    orderId: text('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** CREATED until captured, then COMPLETED. */
    status: text('status').$type<'CREATED' | 'COMPLETED'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('template_purchases_order_idx').on(t.provider, t.orderId),
    index('template_purchases_client_plan_idx').on(t.clientId, t.projectPlanId),
    index('template_purchases_completed_idx').on(t.completedAt),
  ],
);
