import { and, count, desc, eq, gt, inArray, isNull, lte, ne, or, type Placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type CodePurpose,
  identityCodes,
  identityFailures,
  identityLockouts,
  sessions,
  users,
} from './identity.tables';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type { CodePurpose };

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserByUsername(db: Database, username: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(username)) return null;
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row ?? null;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function updateUser(db: Database, id: number, changes: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({
      ...changes,
      // The first confirmation is the account's activation, kept for the insights.
      ...(changes.confirmed === true && { confirmedAt: sql`coalesce(${users.confirmedAt}, now())` }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Stores a new code and voids the earlier unused ones of the same purpose. */
export async function replaceCode(
  db: Database,
  userId: number,
  purpose: CodePurpose,
  codeHash: string,
  expiresAt: Date,
) {
  await db.transaction(async (tx) => {
    await voidCodes(tx, userId, purpose);
    await tx.insert(identityCodes).values({ userId, purpose, codeHash, expiresAt });
  });
}

export async function findCode(db: Database, userId: number, purpose: CodePurpose, codeHash: string) {
  const [row] = await db
    .select()
    .from(identityCodes)
    .where(
      and(eq(identityCodes.userId, userId), eq(identityCodes.purpose, purpose), eq(identityCodes.codeHash, codeHash)),
    )
    .orderBy(desc(identityCodes.id))
    .limit(1);
  return row ?? null;
}

/** Marks a code used; false when another request used it first. */
export async function useCode(db: Database, codeId: number): Promise<boolean> {
  const used = await db
    .update(identityCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(identityCodes.id, codeId), isNull(identityCodes.usedAt)))
    .returning({ id: identityCodes.id });
  return used.length === 1;
}

export async function createSession(db: Database, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/** The session of a token hash, when it is neither revoked nor expired at `now` (values or placeholders). */
export const isLiveSession = (tokenHash: string | Placeholder, now: Date | Placeholder) =>
  and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/** A live session and its user, as every authenticated request reads them. */
export interface LiveSession {
  session: SessionRow;
  user: UserRow;
}

export async function findLiveSession(db: Database, tokenHash: string, now: Date): Promise<LiveSession | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // Disabling sign-in ends the sessions too; this refuses one that a sign-in opened at the same moment.
    .where(and(isLiveSession(tokenHash, now), isNull(users.signInDisabledAt)))
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Database, id: number, now: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Database, id: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}

/** Revokes every live session of a user but, optionally, one; returns how many it revoked. */
export async function revokeUserSessions(db: Database, userId: number, keepSessionId?: number): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Until when a throttle key must wait; null when it need not. */
export async function lockedUntil(db: Database, key: string, now: Date): Promise<Date | null> {
  const [row] = await db.select().from(identityLockouts).where(eq(identityLockouts.account, key)).limit(1);
  return row && row.lockedUntil > now ? row.lockedUntil : null;
}

/** Records a failure at `at`, forgets those before `since`, and returns how many are left. */
export async function recordFailure(db: Database, key: string, at: Date, since: Date): Promise<number> {
  await db
    .delete(identityFailures)
    .where(and(eq(identityFailures.account, key), lte(identityFailures.failedAt, since)));
  await db.insert(identityFailures).values({ account: key, failedAt: at });
  const [row] = await db
    .select({ failures: count() })
    .from(identityFailures)
    .where(and(eq(identityFailures.account, key), gt(identityFailures.failedAt, since)));
  return row?.failures ?? 0;
}

export async function lock(db: Database, key: string, until: Date) {
  await db
    .insert(identityLockouts)
    .values({ account: key, lockedUntil: until })
    .onConflictDoUpdate({ target: identityLockouts.account, set: { lockedUntil: until } });
}

/** Forgets the failures and the wait of throttle keys. */
export async function clearFailures(db: Database, ...keys: string[]) {
  await db.delete(identityFailures).where(inArray(identityFailures.account, keys));
  await db.delete(identityLockouts).where(inArray(identityLockouts.account, keys));
}

/** Forgets every failure and wait of an account: its own key and those of each address (`email|ip`). */
export async function clearAccountFailures(db: Database, email: string) {
  const ofAccount = (column: typeof identityFailures.account | typeof identityLockouts.account) =>
    or(eq(column, email), sql`starts_with(${column}, ${`${email}|`})`);
  await db.delete(identityFailures).where(ofAccount(identityFailures.account));
  await db.delete(identityLockouts).where(ofAccount(identityLockouts.account));
}

/** Whether the user signed in from this address since `since` (the sessions keep the address). */
export async function signedInFrom(db: Database, userId: number, ip: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

/** A live (unused, unexpired) code of a purpose by its hash alone, with its user. */
export async function findLiveCodeByHash(db: Database, purpose: CodePurpose, codeHash: string, now: Date) {
  const [row] = await db
    .select({ code: identityCodes, user: users })
    .from(identityCodes)
    .innerJoin(users, eq(users.id, identityCodes.userId))
    .where(
      and(
        eq(identityCodes.purpose, purpose),
        eq(identityCodes.codeHash, codeHash),
        isNull(identityCodes.usedAt),
        gt(identityCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Voids every unused code of a purpose of a user. */
export async function voidCodes(db: Database, userId: number, purpose: CodePurpose) {
  await db
    .update(identityCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(identityCodes.userId, userId), eq(identityCodes.purpose, purpose), isNull(identityCodes.usedAt)));
}

export async function countLiveCodes(db: Database, userId: number, purpose: CodePurpose, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(identityCodes)
    .where(
      and(
        eq(identityCodes.userId, userId),
        eq(identityCodes.purpose, purpose),
        isNull(identityCodes.usedAt),
        gt(identityCodes.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** The user's sessions that still open: not revoked, not expired; most recently active first. */
export async function listLiveSessions(db: Database, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Revokes one live session of this user; false when there is none by that id (or it is someone else's). */
export async function revokeOwnSession(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
