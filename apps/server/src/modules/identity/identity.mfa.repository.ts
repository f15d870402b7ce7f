import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { voidCodes } from './identity.repository';
import { identityCodes, identityMfa } from './identity.tables';

export type MfaRow = typeof identityMfa.$inferSelect;

export async function findMfa(db: Database, userId: number): Promise<MfaRow | null> {
  const [row] = await db.select().from(identityMfa).where(eq(identityMfa.userId, userId)).limit(1);
  return row ?? null;
}

/** A new, not yet enabled secret replaces any earlier unfinished setup. */
export async function savePendingSecret(db: Database, userId: number, secretEncrypted: string) {
  await db
    .insert(identityMfa)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: identityMfa.userId,
      set: { secretEncrypted, enabledAt: null, lastTimeStep: null, updatedAt: new Date() },
      where: isNull(identityMfa.enabledAt),
    });
}

/**
 * Records the time step of an accepted code, only if it is newer than the last one: false means the
 * same code (or an older one) was already used, perhaps by a concurrent request.
 */
export async function claimTimeStep(db: Database, userId: number, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(identityMfa)
    .set({ lastTimeStep: timeStep, updatedAt: new Date() })
    .where(
      and(eq(identityMfa.userId, userId), or(isNull(identityMfa.lastTimeStep), lt(identityMfa.lastTimeStep, timeStep))),
    )
    .returning({ userId: identityMfa.userId });
  return rows.length === 1;
}

/** Turns the factor on and stores the recovery codes' hashes, voiding earlier ones, in one transaction. */
export async function enableMfa(db: Database, userId: number, recoveryCodeHashes: string[], expiresAt: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(identityMfa)
      .set({ enabledAt: new Date(), updatedAt: new Date() })
      .where(eq(identityMfa.userId, userId));
    await voidCodes(tx, userId, 'recovery');
    await tx
      .insert(identityCodes)
      .values(recoveryCodeHashes.map((codeHash) => ({ userId, purpose: 'recovery' as const, codeHash, expiresAt })));
  });
}

/** Turns the factor off: the secret and every unused recovery code go. */
export async function disableMfa(db: Database, userId: number) {
  await db.transaction(async (tx) => {
    await tx.delete(identityMfa).where(eq(identityMfa.userId, userId));
    await tx
      .update(identityCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(identityCodes.userId, userId),
          or(eq(identityCodes.purpose, 'recovery'), eq(identityCodes.purpose, 'mfa')),
          isNull(identityCodes.usedAt),
        ),
      );
  });
}
