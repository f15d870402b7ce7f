import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { identityOauthAccounts, identityOauthStates } from './identity.tables';

type Provider = 'google' | 'facebook';

export async function saveState(db: Database, values: typeof identityOauthStates.$inferInsert) {
  await db.insert(identityOauthStates).values(values);
}

/** Uses up a live state of this provider; null when unknown, expired, used, or of another provider. */
export async function consumeState(db: Database, provider: Provider, stateHash: string, now: Date) {
  const [row] = await db
    .update(identityOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(identityOauthStates.stateHash, stateHash),
        eq(identityOauthStates.provider, provider),
        isNull(identityOauthStates.usedAt),
        gt(identityOauthStates.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findLinkBySubject(db: Database, provider: Provider, subject: string) {
  const [row] = await db
    .select()
    .from(identityOauthAccounts)
    .where(and(eq(identityOauthAccounts.provider, provider), eq(identityOauthAccounts.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function linksOf(db: Database, userId: number) {
  return db.select().from(identityOauthAccounts).where(eq(identityOauthAccounts.userId, userId));
}

export async function unlink(db: Database, userId: number, provider: Provider): Promise<boolean> {
  const rows = await db
    .delete(identityOauthAccounts)
    .where(and(eq(identityOauthAccounts.userId, userId), eq(identityOauthAccounts.provider, provider)))
    .returning({ id: identityOauthAccounts.id });
  return rows.length === 1;
}
