import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { teamInvitations, teammates } from './team.tables';

export type InvitationRow = typeof teamInvitations.$inferSelect;
export type TeammateRow = typeof teammates.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function listTeammates(db: Database, ownerClientId: number): Promise<TeammateRow[]> {
  return db
    .select()
    .from(teammates)
    .where(eq(teammates.ownerClientId, ownerClientId))
    .orderBy(asc(teammates.createdAt), asc(teammates.teammateClientId));
}

export async function findTeammate(db: Database | Tx, ownerClientId: number, teammateClientId: number) {
  const [row] = await db
    .select()
    .from(teammates)
    .where(and(eq(teammates.ownerClientId, ownerClientId), eq(teammates.teammateClientId, teammateClientId)))
    .limit(1);
  return row ?? null;
}

export async function deleteTeammate(tx: Tx, ownerClientId: number, teammateClientId: number): Promise<boolean> {
  const removed = await tx
    .delete(teammates)
    .where(and(eq(teammates.ownerClientId, ownerClientId), eq(teammates.teammateClientId, teammateClientId)))
    .returning({ id: teammates.teammateClientId });
  return removed.length === 1;
}

/** The invitations of a member not accepted yet, expired ones included (the owner withdraws or sends them again). */
export async function pendingInvitations(db: Database, ownerClientId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.ownerClientId, ownerClientId), isNull(teamInvitations.acceptedAt)))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
}

export async function findInvitationByToken(db: Database, tokenHash: string): Promise<InvitationRow | null> {
  const [row] = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/**
 * Inserts an invitation unless the member's teammates and live pending invitations already reach `limit` (null:
 * no limit); a pending invitation to the same address is replaced (sent again). Under a lock on the member's
 * client row, so two invitations at once cannot both take the last place. Null when the limit refused it.
 */
export async function insertInvitation(
  db: Database,
  value: { ownerClientId: number; name: string; email: string; tokenHash: string; expiresAt: Date },
  limit: number | null,
  now: Date,
): Promise<InvitationRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from clients where id = ${value.ownerClientId} for update`);
    await tx
      .delete(teamInvitations)
      .where(
        and(
          eq(teamInvitations.ownerClientId, value.ownerClientId),
          eq(teamInvitations.email, value.email),
          isNull(teamInvitations.acceptedAt),
        ),
      );
    if (limit !== null) {
      const [team] = await tx
        .select({ n: count() })
        .from(teammates)
        .where(eq(teammates.ownerClientId, value.ownerClientId));
      const [pending] = await tx
        .select({ n: count() })
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.ownerClientId, value.ownerClientId),
            isNull(teamInvitations.acceptedAt),
            gt(teamInvitations.expiresAt, now),
          ),
        );
      if ((team?.n ?? 0) + (pending?.n ?? 0) >= limit) return null;
    }
    const [row] = await tx.insert(teamInvitations).values(value).returning();
    return row ?? null;
  });
}

/** Withdraws (deletes) a pending invitation of the member's; false when there is none of that id. */
export async function deleteInvitation(db: Database, ownerClientId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.id, id),
        eq(teamInvitations.ownerClientId, ownerClientId),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  return removed.length === 1;
}

/**
 * Uses an invitation and makes its acceptor a teammate, in one transaction: the update takes only an invitation
 * still unused and unexpired, so of two acceptances at once exactly one passes. False when it was used or expired.
 */
export async function acceptInvitation(
  db: Database,
  invitation: InvitationRow,
  teammateClientId: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(teamInvitations)
      .set({ acceptedAt: now, acceptedBy: teammateClientId })
      .where(
        and(
          eq(teamInvitations.id, invitation.id),
          isNull(teamInvitations.acceptedAt),
          gt(teamInvitations.expiresAt, now),
        ),
      )
      .returning({ id: teamInvitations.id });
    if (used.length !== 1) return false;
    await tx
      .insert(teammates)
      .values({
        ownerClientId: invitation.ownerClientId,
        teammateClientId,
        name: invitation.name,
        email: invitation.email,
      })
      .onConflictDoNothing();
    return true;
  });
}
