import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Lifetime-deal (AppSumo) codes, stored only as an HMAC of the code. A code is redeemed once
 * (redeemed_at), then claimed once by the account it creates (claimed_email).
 */
export const lifetimeDealCodes = pgTable(
  'lifetime_deal_codes',
  {
    id: serial('id').primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    /** 'import' (an administrator's CSV) or 'seed'. */
    source: text('source').$type<'import' | 'seed'>().notNull().default('import'),
    /** The last characters of the code, to recognise it in support conversations. */
    hint: text('hint').notNull().default(''),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    claimedEmail: text('claimed_email'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    clientId: integer('client_id'),
  },
  (t) => [
    index('lifetime_deal_codes_claimed_idx').on(t.claimedEmail),
    index('lifetime_deal_codes_redeemed_at_idx').on(t.redeemedAt),
    index('lifetime_deal_codes_claimed_at_idx').on(t.claimedAt),
  ],
);
