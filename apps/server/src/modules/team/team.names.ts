import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clients } from '../clients';
import { users } from '../identity';

export interface PersonName {
  /** Their first name, '' when their profile has none. */
  first: string;
  /** Their full name, else their e-mail address. */
  full: string;
}

/**
 * The names of members as their profiles hold them, by client id: what a teammate reads of a plan's owner. A
 * client without an identity (never signed up, or erased) is named by its record's e-mail.
 */
export async function namesOf(db: Database, clientIds: readonly number[]): Promise<Map<number, PersonName>> {
  const names = new Map<number, PersonName>();
  if (clientIds.length === 0) return names;
  const rows = await db
    .select({
      id: clients.id,
      email: clients.email,
      given: sql<string | null>`${users.givenName}`,
      family: sql<string | null>`${users.familyName}`,
    })
    .from(clients)
    .leftJoin(users, sql`${users.email} = ${clients.email}`)
    .where(inArray(clients.id, [...new Set(clientIds)]));
  for (const row of rows) {
    const first = (row.given ?? '').trim();
    const full = `${first} ${(row.family ?? '').trim()}`.trim();
    names.set(row.id, { first, full: full || row.email });
  }
  return names;
}
