import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../clients/tables';

/**
 * An invitation to a member's team (ADR 0052): single-use, for 7 days, for one e-mail address. Only the hash of
 * its secret is kept; the secret is in the mailed link alone. A withdrawn invitation is deleted.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    /** The inviting member's client record. */
    ownerClientId: integer('owner_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The invited person's name, as the owner wrote it. */
    name: text('name').notNull(),
    /** Lower-cased: the account that accepts must have this verified address. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => clients.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_invitations_token_idx').on(t.tokenHash),
    index('team_invitations_owner_idx').on(t.ownerClientId),
  ],
);

/**
 * A teammate of a member: someone who accepted their invitation. Access to plans is given per plan (my-plans). A
 * member is never their own teammate: they cannot invite their own address nor accept their own invitation.
 */
export const teammates = pgTable(
  'teammates',
  {
    ownerClientId: integer('owner_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    teammateClientId: integer('teammate_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** As the owner wrote it in the invitation. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teammates_pair_idx').on(t.ownerClientId, t.teammateClientId),
    index('teammates_teammate_idx').on(t.teammateClientId),
  ],
);
