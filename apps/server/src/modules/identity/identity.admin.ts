import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clearAccountFailures, revokeUserSessions } from './identity.repository';
import { users } from './identity.tables';

/** What an administrator may do to another member's sign-in (the members tab of /admin_panel). */

/** Ends every live session of the user; returns how many it ended. */
export function endAllSessions(db: Database, userId: number): Promise<number> {
  return revokeUserSessions(db, userId);
}

/** Turns the user's sign-in off (ending every session with it) or on again. */
export async function setSignInDisabled(db: Database, userId: number, disabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ signInDisabledAt: disabled ? new Date() : null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    if (disabled) await revokeUserSessions(tx as unknown as Database, userId);
  });
}

/** Forgets every failed attempt and wait of the account (its own throttle key and each address's). */
export function liftLock(db: Database, email: string): Promise<void> {
  return clearAccountFailures(db, email);
}
