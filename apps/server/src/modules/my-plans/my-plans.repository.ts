import {
  type MyPlanDocument,
  type MyPlanSourceKind,
  type PlanRole,
  type PlanStanding,
  StoredMyPlanDocumentSchema,
  unassign,
} from '@dpp/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { teammates } from '../team';
import { memberPlanAccess, memberPlans } from './my-plans.tables';

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

// ---- Teammates' access (ADR 0052) ---------------------------------------------------------------------------

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The caller's standing on a copy: its owner, a teammate's role, or none (then the copy is not theirs to see). */
export async function findPlanFor(
  db: Database,
  callerId: number,
  id: number,
): Promise<{ row: MemberPlanRow; standing: PlanStanding } | null> {
  const [found] = await db
    .select({ plan: memberPlans, role: memberPlanAccess.role })
    .from(memberPlans)
    .leftJoin(
      memberPlanAccess,
      and(eq(memberPlanAccess.memberPlanId, memberPlans.id), eq(memberPlanAccess.teammateClientId, callerId)),
    )
    .where(eq(memberPlans.id, id))
    .limit(1);
  if (!found) return null;
  const standing: PlanStanding | null = found.plan.clientId === callerId ? 'owner' : found.role;
  if (!standing) return null;
  return { row: { ...found.plan, plan: StoredMyPlanDocumentSchema.parse(found.plan.plan) }, standing };
}

/** The copies shared with a member, last changed first, with their owner and the member's role. */
export async function listSharedPlans(db: Database, teammateClientId: number) {
  return db
    .select({
      id: memberPlans.id,
      name: memberPlans.name,
      ownerClientId: memberPlans.clientId,
      role: memberPlanAccess.role,
      version: memberPlans.version,
      updatedAt: memberPlans.updatedAt,
      taskCount: summaryColumns.taskCount,
    })
    .from(memberPlanAccess)
    .innerJoin(memberPlans, eq(memberPlans.id, memberPlanAccess.memberPlanId))
    .where(eq(memberPlanAccess.teammateClientId, teammateClientId))
    .orderBy(desc(memberPlans.updatedAt), desc(memberPlans.id));
}

/** The teammates with access to a copy: their id, name and e-mail as the owner's team holds them, and role. */
export async function accessOfPlan(db: Database | Tx, ownerClientId: number, memberPlanId: number) {
  return db
    .select({
      id: memberPlanAccess.teammateClientId,
      role: memberPlanAccess.role,
      name: teammates.name,
      email: teammates.email,
    })
    .from(memberPlanAccess)
    .innerJoin(
      teammates,
      and(
        eq(teammates.teammateClientId, memberPlanAccess.teammateClientId),
        eq(teammates.ownerClientId, ownerClientId),
      ),
    )
    .where(eq(memberPlanAccess.memberPlanId, memberPlanId))
    .orderBy(asc(teammates.createdAt), asc(memberPlanAccess.teammateClientId));
}

/** Gives a teammate a role on a copy, or changes it. */
export async function setAccess(tx: Tx, memberPlanId: number, teammateClientId: number, role: PlanRole) {
  await tx
    .insert(memberPlanAccess)
    .values({ memberPlanId, teammateClientId, role })
    .onConflictDoUpdate({ target: [memberPlanAccess.memberPlanId, memberPlanAccess.teammateClientId], set: { role } });
}

/** Ends teammates' access to some copies; answers the copies whose access was ended. */
export async function removeAccess(tx: Tx, teammateClientId: number, memberPlanIds: SQL | number[]): Promise<number[]> {
  const plans = Array.isArray(memberPlanIds) ? inArray(memberPlanAccess.memberPlanId, memberPlanIds) : memberPlanIds;
  const removed = await tx
    .delete(memberPlanAccess)
    .where(and(eq(memberPlanAccess.teammateClientId, teammateClientId), plans))
    .returning({ id: memberPlanAccess.memberPlanId });
  return removed.map((r) => r.id);
}

/**
 * Unassigns a person's tasks in an owner's copies (all of them, or `only` those), their owner text kept: each
 * changed copy takes a new version, so an editor's open copy is saved again only after a reload (nothing lost).
 */
export async function unassignInPlans(
  tx: Tx,
  ownerClientId: number,
  person: number,
  now: Date,
  only?: number[],
): Promise<void> {
  if (only?.length === 0) return;
  const holding = await tx
    .select({ id: memberPlans.id, plan: memberPlans.plan })
    .from(memberPlans)
    .where(
      and(
        eq(memberPlans.clientId, ownerClientId),
        only ? inArray(memberPlans.id, only) : undefined,
        sql`jsonb_path_exists(${memberPlans.plan}, '$.sections[*].tasks[*] ? (@.assignee_id == $id)', jsonb_build_object('id', ${person}::int))`,
      ),
    );
  for (const { id, plan } of holding) {
    const unassigned = unassign(StoredMyPlanDocumentSchema.parse(plan), new Set([person])) as MyPlanDocument;
    await tx
      .update(memberPlans)
      .set({ plan: unassigned, version: sql`${memberPlans.version} + 1`, updatedAt: now })
      .where(eq(memberPlans.id, id));
  }
}

/** Every copy of an owner, as a condition on the access rows (a teammate's removal ends their access to all). */
export const ownerPlans = (ownerClientId: number): SQL =>
  sql`${memberPlanAccess.memberPlanId} in (select id from member_plans where client_id = ${ownerClientId})`;
