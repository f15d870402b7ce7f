import { type MyPlanDocument, type MyPlanSourceKind, StoredMyPlanDocumentSchema } from '@dpp/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberPlans } from './my-plans.tables';

export type MemberPlanRow = typeof memberPlans.$inferSelect;

/** The list's columns: everything but the document, with its task count worked out by the database. */
const summaryColumns = {
  id: memberPlans.id,
  name: memberPlans.name,
  sourceKind: memberPlans.sourceKind,
  sourceId: memberPlans.sourceId,
  version: memberPlans.version,
  createdAt: memberPlans.createdAt,
  updatedAt: memberPlans.updatedAt,
  lastSentAt: memberPlans.lastSentAt,
  lastSentTool: memberPlans.lastSentTool,
  lastSentUrl: memberPlans.lastSentUrl,
  taskCount: sql<number>`(select count(*)::int from jsonb_array_elements(${memberPlans.plan}->'sections') s,
    jsonb_array_elements(s->'tasks') t)`,
};
export type MemberPlanSummaryRow = Omit<MemberPlanRow, 'plan' | 'clientId'> & { taskCount: number };

export async function listMemberPlans(db: Database, clientId: number): Promise<MemberPlanSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(memberPlans)
    .where(eq(memberPlans.clientId, clientId))
    .orderBy(desc(memberPlans.updatedAt), desc(memberPlans.id));
}

export async function countMemberPlans(db: Database, clientId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberPlans).where(eq(memberPlans.clientId, clientId));
  return row?.n ?? 0;
}

/**
 * The member's copy of that id; null when there is none or it is someone else's. Its document is read in today's
 * shape: fields added since it was saved take their defaults (a task saved before links waits on nothing).
 */
export async function findMemberPlan(db: Database, clientId: number, id: number): Promise<MemberPlanRow | null> {
  const [row] = await db
    .select()
    .from(memberPlans)
    .where(and(eq(memberPlans.id, id), eq(memberPlans.clientId, clientId)))
    .limit(1);
  return row ? { ...row, plan: StoredMyPlanDocumentSchema.parse(row.plan) } : null;
}

/**
 * Inserts a copy unless the member already keeps `limit` of them (null: no limit). The count and the insert are
 * one statement, so two requests at once cannot both pass the limit's last place.
 */
export async function insertMemberPlan(
  db: Database,
  value: { clientId: number; name: string; sourceKind: MyPlanSourceKind; sourceId: number; plan: MyPlanDocument },
  limit: number | null,
): Promise<MemberPlanRow | null> {
  if (limit === null) {
    const [row] = await db.insert(memberPlans).values(value).returning();
    return row ?? null;
  }
  // A lock on the member's client row serialises their concurrent takes; other members are not held up.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from clients where id = ${value.clientId} for update`);
    const [kept] = await tx.select({ n: count() }).from(memberPlans).where(eq(memberPlans.clientId, value.clientId));
    if ((kept?.n ?? 0) >= limit) return null;
    const [row] = await tx.insert(memberPlans).values(value).returning();
    return row ?? null;
  });
}

/**
 * Saves a new name and document when the stored version is still `version`: one statement checks and writes,
 * so of two saves based on the same version exactly one succeeds. Null when the copy is missing, someone else's
 * or changed since.
 */
export async function saveMemberPlan(
  db: Database,
  clientId: number,
  id: number,
  version: number,
  changes: { name: string; plan: MyPlanDocument },
  now: Date,
): Promise<{ version: number; updatedAt: Date } | null> {
  const [row] = await db
    .update(memberPlans)
    .set({ ...changes, version: sql`${memberPlans.version} + 1`, updatedAt: now })
    .where(and(eq(memberPlans.id, id), eq(memberPlans.clientId, clientId), eq(memberPlans.version, version)))
    .returning({ version: memberPlans.version, updatedAt: memberPlans.updatedAt });
  return row ?? null;
}

export async function deleteMemberPlan(db: Database, clientId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(memberPlans)
    .where(and(eq(memberPlans.id, id), eq(memberPlans.clientId, clientId)))
    .returning({ id: memberPlans.id });
  return removed.length === 1;
}

/** Records where a copy was last sent; the document and its version are untouched (the editor's save goes on). */
export async function recordMemberPlanSent(
  db: Database,
  clientId: number,
  id: number,
  sent: { tool: string; at: Date; url: string | null },
): Promise<void> {
  await db
    .update(memberPlans)
    .set({ lastSentAt: sent.at, lastSentTool: sent.tool, lastSentUrl: sent.url })
    .where(and(eq(memberPlans.id, id), eq(memberPlans.clientId, clientId)));
}
