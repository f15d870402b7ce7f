import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const plans = pgTable('plans', {
  /** Fixed ids the product refers to: 4 Essential, 6 Growth, 7 Premium, 9 yearly. */
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** '5' marks a subscription. */
  type: text('type').notNull(),
  /** The plan_name a subscriber of this plan carries, e.g. 'Premium Monthly Membership'. */
  membershipName: text('membership_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const planPrices = pgTable('plan_prices', {
  id: serial('id').primaryKey(),
  planId: integer('plan_id')
    .notNull()
    .references(() => plans.id, { onDelete: 'cascade' }),
  /** In cents. */
  price: integer('price').notNull(),
  stripePriceId: text('stripe_price_id').notNull(),
  interval: text('interval').notNull(),
});

export const planMeta = pgTable('plan_meta', {
  id: serial('id').primaryKey(),
  planId: integer('plan_id')
    .notNull()
    .references(() => plans.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull(),
});
