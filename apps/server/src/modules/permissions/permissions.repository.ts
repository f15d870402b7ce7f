import type { ClientPermission, Permission, PlanPermission } from '@dpp/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plans } from '../plans';
import { permissions, planPermissions } from './permissions.tables';

const toPermission = (p: typeof permissions.$inferSelect): Permission => ({
  id: p.id,
  permission_type: p.permissionType,
  permission_name: p.permissionName,
  header_name: p.headerName,
});

export async function listPermissions(db: Database): Promise<Permission[]> {
  return (await db.select().from(permissions).orderBy(asc(permissions.id))).map(toPermission);
}

export async function listPlanPermissions(db: Database, planId: number): Promise<PlanPermission[]> {
  const rows = await db
    .select({ link: planPermissions, permission: permissions, plan: plans })
    .from(planPermissions)
    .innerJoin(permissions, eq(permissions.id, planPermissions.permissionId))
    .innerJoin(plans, eq(plans.id, planPermissions.planId))
    .where(eq(planPermissions.planId, planId))
    .orderBy(asc(planPermissions.id));
  return rows.map((r) => ({
    id: r.link.id,
    is_displayed: r.link.isDisplayed,
    limit: r.link.limit,
    entity_type: 'PLAN' as const,
    plan: { id: r.plan.id, name: r.plan.name },
    permission: toPermission(r.permission),
  }));
}

export async function effectivePermissions(db: Database, planId: number): Promise<ClientPermission[]> {
  return (await listPlanPermissions(db, planId)).map((p) => ({
    permission_type: p.permission.permission_type,
    permission_name: p.permission.permission_name,
    is_displayed: p.is_displayed,
  }));
}

export async function planIdForMembership(db: Database, membershipName: string): Promise<number | null> {
  const [row] = await db.select({ id: plans.id }).from(plans).where(eq(plans.membershipName, membershipName)).limit(1);
  return row?.id ?? null;
}

/** True when the plan permission was written; false when that plan already has that permission. */
export async function insertPlanPermission(
  db: Database,
  value: { planId: number; permissionId: number; isDisplayed: boolean; limit: number | null },
): Promise<number | null> {
  const [row] = await db
    .insert(planPermissions)
    .values(value)
    .onConflictDoNothing({ target: [planPermissions.planId, planPermissions.permissionId] })
    .returning({ id: planPermissions.id });
  return row?.id ?? null;
}

type PlanPermissionWrite = 'ok' | 'missing' | 'duplicate';

/** Changes one plan permission; another row of the same plan and permission is a duplicate. */
export async function updatePlanPermission(
  db: Database,
  id: number,
  /** A limit left out keeps the stored one: the show/hide switch does not know it. */
  value: { planId: number; permissionId: number; isDisplayed: boolean; limit?: number | null | undefined },
): Promise<PlanPermissionWrite> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(planPermissions).where(eq(planPermissions.id, id)).limit(1);
    if (!current) return 'missing';
    const [clash] = await tx
      .select({ id: planPermissions.id })
      .from(planPermissions)
      .where(and(eq(planPermissions.planId, value.planId), eq(planPermissions.permissionId, value.permissionId)))
      .limit(1);
    if (clash && clash.id !== id) return 'duplicate';
    const { limit, ...rest } = value;
    await tx
      .update(planPermissions)
      .set({ ...rest, ...(limit !== undefined && { limit }) })
      .where(eq(planPermissions.id, id));
    return 'ok';
  });
}

export async function planPermissionById(db: Database, id: number): Promise<PlanPermission | null> {
  const [row] = await db
    .select({ planId: planPermissions.planId })
    .from(planPermissions)
    .where(eq(planPermissions.id, id));
  if (!row) return null;
  return (await listPlanPermissions(db, row.planId)).find((p) => p.id === id) ?? null;
}

export async function planAndPermissionExist(db: Database, planId: number, permissionId: number): Promise<boolean> {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
  const [permission] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.id, permissionId));
  return Boolean(plan && permission);
}

/** Removes one plan permission; without an entry the permission rule allows. False when there was none. */
export async function deletePlanPermission(db: Database, id: number): Promise<boolean> {
  const removed = await db
    .delete(planPermissions)
    .where(eq(planPermissions.id, id))
    .returning({ id: planPermissions.id });
  return removed.length === 1;
}

/**
 * A plan's entry for one permission: whether it is shown and its limit; null when the plan has no entry (then the
 * permission rule allows, without a limit).
 */
export async function planPermissionEntry(
  db: Database,
  planId: number,
  permission: { type: string; name: string },
): Promise<{ isDisplayed: boolean; limit: number | null } | null> {
  const [row] = await db
    .select({ isDisplayed: planPermissions.isDisplayed, limit: planPermissions.limit })
    .from(planPermissions)
    .innerJoin(permissions, eq(permissions.id, planPermissions.permissionId))
    .where(
      and(
        eq(planPermissions.planId, planId),
        eq(permissions.permissionType, permission.type),
        eq(permissions.permissionName, permission.name),
      ),
    )
    .limit(1);
  return row ?? null;
}
