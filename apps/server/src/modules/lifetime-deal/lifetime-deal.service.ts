import { createHmac, randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, LIFETIME_DEAL_MESSAGES } from '@dpp/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { clients } from '../clients';
import { findUserByEmail, hashPassword, users } from '../identity';
import { lifetimeDealCodes } from './lifetime-deal.tables';

/** Codes are letters, digits and dashes; compared without case and surrounding spaces. */
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{3,63}$/;
const normaliseCode = (code: string) => code.trim().toUpperCase();
const MAX_IMPORT = 10_000;

function codeHasher(pepper: string) {
  return (code: string) => createHmac('sha256', pepper).update(normaliseCode(code)).digest('base64url');
}

const hintOf = (code: string) => `…${normaliseCode(code).slice(-4)}`;

/** Reads a CSV of codes: the first column of each line; a header line 'code' is skipped. */
export function parseCodesCsv(csv: string): string[] {
  const codes: string[] = [];
  const lines = csv.split(/\r?\n/);
  lines.forEach((line, index) => {
    const first =
      line
        .split(/[,;\t]/)[0]
        ?.trim()
        .replace(/^"(.*)"$/, '$1') ?? '';
    if (first === '' || (index === 0 && /^(app ?sumo ?)?codes?$/i.test(first))) return;
    const code = normaliseCode(first);
    if (!CODE_PATTERN.test(code)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Line ${index + 1} does not hold a valid code: use 4 to 64 letters, digits, dashes or underscores.`,
      );
    }
    codes.push(code);
  });
  if (codes.length === 0) throw new AppError('VALIDATION_FAILED', 'The file holds no codes.');
  if (codes.length > MAX_IMPORT) throw new AppError('VALIDATION_FAILED', `At most ${MAX_IMPORT} codes per import.`);
  return codes;
}

export function lifetimeDealService(db: Database, pepper: string) {
  const hash = codeHasher(pepper);

  return {
    async importCodes(codes: string[], source: 'import' | 'seed' = 'import') {
      const unique = [...new Set(codes.map(normaliseCode))];
      const inserted = await db.transaction(async (tx) => {
        let count = 0;
        for (let i = 0; i < unique.length; i += 500) {
          const rows = await tx
            .insert(lifetimeDealCodes)
            .values(unique.slice(i, i + 500).map((code) => ({ codeHash: hash(code), hint: hintOf(code), source })))
            .onConflictDoNothing()
            .returning({ id: lifetimeDealCodes.id });
          count += rows.length;
        }
        return count;
      });
      return { imported: inserted, duplicates: codes.length - inserted };
    },

    /**
     * Redeems a code until an account claims it. A code redeemed but never claimed (the account step
     * failed, the page was reloaded) redeems again, so its holder is never stuck; the claim, not this
     * check, is what binds a code to one person, once.
     */
    async redeem(code: string): Promise<void> {
      const codeHash = hash(code);
      const updated = await db
        .update(lifetimeDealCodes)
        .set({ redeemedAt: sql`coalesce(${lifetimeDealCodes.redeemedAt}, now())` })
        .where(and(eq(lifetimeDealCodes.codeHash, codeHash), isNull(lifetimeDealCodes.claimedEmail)))
        .returning({ id: lifetimeDealCodes.id });
      if (updated.length === 1) return;
      const [existing] = await db
        .select({ id: lifetimeDealCodes.id })
        .from(lifetimeDealCodes)
        .where(eq(lifetimeDealCodes.codeHash, codeHash));
      throw existing
        ? new AppError('CONFLICT', LIFETIME_DEAL_MESSAGES.ALREADY_REDEEMED)
        : new AppError('NOT_FOUND', LIFETIME_DEAL_MESSAGES.INVALID_CODE);
    },

    /**
     * Binds a redeemed code to one new account, in one transaction: the client record (lifetime-deal
     * flags and names) and the identity user, unconfirmed, with the code as its first password. Of two
     * claims only one row update succeeds; a failed claim leaves the code unclaimed for another try, and
     * the address that claimed it can send the form again and continue.
     */
    async claim(input: { code: string; email: string; firstName: string; lastName: string }) {
      const codeHash = hash(input.code);
      const passwordHash = await hashPassword(normaliseCode(input.code));
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(lifetimeDealCodes)
          .set({ claimedEmail: input.email, claimedAt: new Date() })
          .where(
            and(
              eq(lifetimeDealCodes.codeHash, codeHash),
              isNotNull(lifetimeDealCodes.redeemedAt),
              isNull(lifetimeDealCodes.claimedEmail),
            ),
          )
          .returning();
        if (!claimed) {
          const [row] = await tx.select().from(lifetimeDealCodes).where(eq(lifetimeDealCodes.codeHash, codeHash));
          if (!row) throw new AppError('NOT_FOUND', LIFETIME_DEAL_MESSAGES.INVALID_CODE);
          if (!row.redeemedAt) throw new AppError('CONFLICT', LIFETIME_DEAL_MESSAGES.NOT_REDEEMED);
          // The same person sending the form again gets the same account.
          if (row.claimedEmail === input.email && row.clientId !== null) return { databaseId: row.clientId };
          throw new AppError('CONFLICT', LIFETIME_DEAL_MESSAGES.ALREADY_REDEEMED);
        }
        if (await findUserByEmail(tx, input.email)) throw new AppError('CONFLICT', AUTH_MESSAGES.ACCOUNT_EXISTS);
        const [user] = await tx
          .insert(users)
          .values({ username: randomUUID(), email: input.email, passwordHash, appsumoLogin: true, firstLogin: true })
          .returning();
        const [client] = await tx
          .insert(clients)
          .values({
            email: input.email,
            username: user!.username,
            isAppsumoUser: true,
            appsumoCode: claimed.hint,
            firstNameAppsumo: input.firstName,
            lastNameAppsumo: input.lastName,
          })
          .onConflictDoUpdate({
            target: clients.email,
            set: {
              username: user!.username,
              isAppsumoUser: true,
              appsumoCode: claimed.hint,
              firstNameAppsumo: input.firstName,
              lastNameAppsumo: input.lastName,
            },
          })
          .returning();
        await tx.update(lifetimeDealCodes).set({ clientId: client!.id }).where(eq(lifetimeDealCodes.id, claimed.id));
        return { databaseId: client!.id };
      });
    },
  };
}
