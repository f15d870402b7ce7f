import { pgTable, text } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  /** ISO 3166-1 alpha-2. */
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  dialCode: text('dial_code').notNull(),
});
