import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox sign-in provider's grants: an authorization code (hashed) for a client, a redirect URI and a
 * PKCE challenge; exchanged once for an access token (hashed) that opens the person's profile.
 */
export const sandboxOauthGrants = pgTable(
  'sandbox_oauth_grants',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<'google' | 'facebook'>().notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    tokenHash: text('token_hash').unique(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_oauth_grants_provider_idx').on(t.provider, t.email)],
);
