import { AUTH_MESSAGES, type ClientRecord, isReservedEmail } from '@dpp/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { ClientRef } from '../../plugins/auth';
import { clientAuthorities, clients } from './clients.tables';

export type ClientRow = typeof clients.$inferSelect;

export async function findClientByEmail(db: Database, email: string): Promise<ClientRow | null> {
  const [row] = await db.select().from(clients).where(eq(clients.email, email)).limit(1);
  return row ?? null;
}

/** The first client record linked to an identity username (billing's client_id may name one that way). */
export async function findClientByUsername(db: Database, username: string): Promise<ClientRow | null> {
  const [row] = await db.select().from(clients).where(eq(clients.username, username)).limit(1);
  return row ?? null;
}

export async function findClientById(db: Database, id: number): Promise<ClientRow | null> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row ?? null;
}

/** The client record a call names: by database id, by identity username or by e-mail address. */
export function findClient(db: Database, ref: ClientRef): Promise<ClientRow | null> {
  if ('id' in ref) return findClientById(db, ref.id);
  if ('username' in ref) return findClientByUsername(db, ref.username);
  return findClientByEmail(db, ref.email);
}

/**
 * The client record of an e-mail, created when missing. Never for a deleted member's placeholder address: that
 * record is kept for invoices only (ADR 0034), and whoever it was handed to would take it over.
 */
export async function ensureClient(db: Database, email: string, username = ''): Promise<ClientRow> {
  if (isReservedEmail(email)) throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.EMAIL_RESERVED);
  await db.insert(clients).values({ email, username }).onConflictDoNothing();
  const row = (await findClientByEmail(db, email))!;
  if (username !== '' && row.username !== username) {
    const [linked] = await db.update(clients).set({ username }).where(eq(clients.id, row.id)).returning();
    return linked!;
  }
  return row;
}

export async function updateClient(db: Database, id: number, changes: Partial<typeof clients.$inferInsert>) {
  const [row] = await db.update(clients).set(changes).where(eq(clients.id, id)).returning();
  return row ?? null;
}

export async function authoritiesOf(db: Database, clientId: number): Promise<string[]> {
  const rows = await db.select().from(clientAuthorities).where(eq(clientAuthorities.clientId, clientId));
  return rows.map((r) => r.name);
}

export async function grantAuthority(db: Database, clientId: number, name: string) {
  const existing = await authoritiesOf(db, clientId);
  if (!existing.includes(name)) await db.insert(clientAuthorities).values({ clientId, name });
}

/**
 * Takes a role away unless the client is the last one holding it: the holders are locked first, so that two
 * revocations at once cannot leave nobody. 'last' when it was kept for that reason, 'absent' when not held.
 */
export async function revokeAuthorityUnlessLast(
  db: Database,
  clientId: number,
  name: string,
): Promise<'revoked' | 'last' | 'absent'> {
  return db.transaction(async (tx) => {
    const holders = await tx
      .select({ clientId: clientAuthorities.clientId })
      .from(clientAuthorities)
      .where(eq(clientAuthorities.name, name))
      .for('update');
    if (!holders.some((h) => h.clientId === clientId)) return 'absent';
    if (new Set(holders.map((h) => h.clientId)).size <= 1) return 'last';
    await tx
      .delete(clientAuthorities)
      .where(and(eq(clientAuthorities.clientId, clientId), eq(clientAuthorities.name, name)));
    return 'revoked';
  });
}

/**
 * Whether the client is the only one holding a role. The holders are locked as revokeAuthorityUnlessLast locks
 * them: inside a transaction that then takes the client away, of two such changes at once the second sees the
 * first.
 */
export async function holdsRoleAlone(db: Database, clientId: number, name: string): Promise<boolean> {
  const holders = await db
    .select({ clientId: clientAuthorities.clientId })
    .from(clientAuthorities)
    .where(eq(clientAuthorities.name, name))
    .for('update');
  const ids = new Set(holders.map((h) => h.clientId));
  return ids.has(clientId) && ids.size === 1;
}

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export function toClientRecord(
  row: ClientRow,
  names: { givenName: string; familyName: string },
  authorities: string[],
): ClientRecord {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    given_name: names.givenName,
    family_name: names.familyName,
    is_subscribed: row.isSubscribed,
    has_used_free_trial: row.hasUsedFreeTrial,
    plan_name: row.planName,
    digipremium: row.digipremium,
    is_appsumo_user: row.isAppsumoUser,
    is_toolkit_user: row.isToolkitUser,
    trial_start: seconds(row.trialStart),
    trial_end: seconds(row.trialEnd),
    authorities: authorities.map((name) => ({ name })),
    appsumo_code: row.appsumoCode,
    first_name_appsumo: row.firstNameAppsumo,
    last_name_appsumo: row.lastNameAppsumo,
  };
}
