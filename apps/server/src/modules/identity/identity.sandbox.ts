import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { identityCodes, users } from './identity.tables';

/**
 * The sandbox clock's part in the identity records: makes the codes mailed to an account `hours` older, so an
 * expired link can be followed for real instead of waiting a day. How many were moved; null without an account.
 */
export async function ageMailedCodes(db: Database, email: string, hours: number): Promise<number | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (!user) return null;
  const aged = await db
    .update(identityCodes)
    .set({ expiresAt: sql`${identityCodes.expiresAt} - make_interval(hours => ${hours})` })
    // The mailed links only: the sign-up's proof stays with the browser, not in the mailbox.
    .where(and(eq(identityCodes.userId, user.id), inArray(identityCodes.purpose, ['verify', 'reset'])))
    .returning({ id: identityCodes.id });
  return aged.length;
}
