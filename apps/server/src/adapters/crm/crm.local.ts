import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Crm, CrmContact } from '../../ports/crm.port';
import { crmContactFlags, crmEvents } from './crm.tables';

/** The CRM kept in our database: every call becomes an event; the lists are flags an administrator sets. */
export function localCrm(db: Database): Crm {
  const flags = async (email: string) => {
    const [row] = await db.select().from(crmContactFlags).where(eq(crmContactFlags.email, email)).limit(1);
    return row ?? null;
  };
  return {
    kind: 'local',
    async upsertContact(contact: CrmContact) {
      await db.insert(crmEvents).values({
        email: contact.email,
        kind: 'contact_created',
        detail: { first_name: contact.firstName, last_name: contact.lastName },
      });
    },
    async addTag(email, tag) {
      await db
        .insert(crmEvents)
        .values({ email, kind: 'tag_added', detail: { tag: tag.name, description: tag.description } });
    },
    isToolkitUser: async (email) => (await flags(email))?.toolkit ?? false,
    isDigipremium: async (email) => (await flags(email))?.digipremium ?? false,
    records: {
      events: (email, limit) =>
        db
          .select()
          .from(crmEvents)
          .where(email === undefined ? undefined : eq(crmEvents.email, email))
          .orderBy(desc(crmEvents.id))
          .limit(limit),
      setFlags: (email, changes) => setLocalCrmFlags(db, email, changes),
    },
  };
}

/** Sets the local lists of a contact (what marketing does by hand in the real CRM). */
export async function setLocalCrmFlags(
  db: Database,
  email: string,
  changes: { toolkit?: boolean | undefined; digipremium?: boolean | undefined },
) {
  const set = {
    ...(changes.toolkit !== undefined && { toolkit: changes.toolkit }),
    ...(changes.digipremium !== undefined && { digipremium: changes.digipremium }),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(crmContactFlags)
    .values({ email, ...set })
    .onConflictDoUpdate({ target: crmContactFlags.email, set })
    .returning();
  return row!;
}
