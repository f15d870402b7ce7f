import type { ClientPermission, Permission, PlanPermission } from '@dpp/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plans } from '../plans/plans.schema';
import { permissions, planPermissions } from './permissions.schema';

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
