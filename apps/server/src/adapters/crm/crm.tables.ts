import { boolean, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The local CRM's record of every call: what ActiveCampaign would have received. */
export const crmEvents = pgTable(
  'crm_events',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    kind: text('kind').$type<'contact_created' | 'tag_added'>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_events_email_idx').on(t.email)],
);

/** The local CRM's lists: who is a toolkit buyer or a digipremium student. */
export const crmContactFlags = pgTable('crm_contact_flags', {
  email: text('email').primaryKey(),
  toolkit: boolean('toolkit').notNull().default(false),
  digipremium: boolean('digipremium').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
