import {
  assigneesOutside,
  MY_PLANS_MESSAGES,
  type MyPlanDocument,
  type MyPlanOpened,
  mayOnPlan,
  PLAN_ACCESS_MESSAGES,
  type PlanAccessRequest,
  type PlanAction,
  type PlanPerson,
  type PlanStanding,
  type SharedPlanSummary,
} from '@dpp/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { isTeammate, namesOf } from '../team';
import {
  accessOfPlan,
  findPlanFor,
  listSharedPlans,
  type MemberPlanRow,
  ownerPlans,
  removeAccess,
  setAccess,
  unassignInPlans,
} from './my-plans.repository';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A copy the caller may do `action` with, and their standing on it (ADR 0052): 404 when it is not theirs to see
 * (someone else's, or a teammate's whose access ended: the same answer as one that does not exist), 403 with the
 * reason when their role does not allow it.
 */
export async function planFor(
  db: Database,
  callerId: number,
  id: number,
  action: PlanAction,
): Promise<{ row: MemberPlanRow; standing: PlanStanding }> {
  const found = await findPlanFor(db, callerId, id);
  if (!found) throw new AppError('NOT_FOUND', MY_PLANS_MESSAGES.NOT_FOUND);
  if (!mayOnPlan(found.standing, action)) {
    const reason = action === 'save' ? PLAN_ACCESS_MESSAGES.VIEWER_CANNOT_SAVE : PLAN_ACCESS_MESSAGES.OWNER_ONLY;
    throw new AppError('FORBIDDEN', reason);
  }
  return found;
}

/** A copy's people: its owner, then each teammate with access; the teammates' e-mails only for the owner's eyes. */
export async function planPeople(db: Database, row: MemberPlanRow, forOwner: boolean): Promise<PlanPerson[]> {
  const [access, names] = await Promise.all([accessOfPlan(db, row.clientId, row.id), namesOf(db, [row.clientId])]);
  const owner: PlanPerson = { id: row.clientId, name: names.get(row.clientId)?.full ?? '', role: 'owner' };
  return [owner, ...access.map((a) => ({ id: a.id, name: a.name, role: a.role, ...(forOwner && { email: a.email }) }))];
}

/** The caller's view of a copy: its standing, the owner's name for a teammate, and its team. */
export async function openedPlanParts(
  db: Database,
  row: MemberPlanRow,
  standing: PlanStanding,
): Promise<Pick<MyPlanOpened, 'role' | 'owner_name' | 'team'>> {
  const team = await planPeople(db, row, standing === 'owner');
  return { role: standing, owner_name: standing === 'owner' ? null : (team[0]?.name ?? null), team };
}

/** Refuses a save whose tasks name an assignee outside the copy's team (its owner and teammates with access). */
export async function assertAssigneesInTeam(db: Database, row: MemberPlanRow, plan: MyPlanDocument): Promise<void> {
  const access = await accessOfPlan(db, row.clientId, row.id);
  const team = new Set([row.clientId, ...access.map((a) => a.id)]);
  if (assigneesOutside(plan, team).length > 0) {
    throw new AppError('VALIDATION_FAILED', PLAN_ACCESS_MESSAGES.ASSIGNEE_NOT_IN_TEAM);
  }
}

/**
 * Sets what each named teammate may do on the owner's copy: a role, or none (their access ends and their tasks on it
 * are unassigned). Only teammates of the owner may be named. Answers the copy's people as the owner sees them.
 */
export async function setPlanAccess(
  db: Database,
  ownerId: number,
  id: number,
  request: PlanAccessRequest,
  now: Date = new Date(),
): Promise<PlanPerson[]> {
  const { row } = await planFor(db, ownerId, id, 'share');
  await db.transaction(async (tx) => {
    for (const { id: teammateId, role } of request.teammates) {
      if (role === 'none') {
        const ended = await removeAccess(tx, teammateId, [row.id]);
        await unassignInPlans(tx, ownerId, teammateId, now, ended);
        continue;
      }
      if (!(await isTeammate(tx, ownerId, teammateId))) {
        throw new AppError('VALIDATION_FAILED', PLAN_ACCESS_MESSAGES.NOT_A_TEAMMATE);
      }
      await setAccess(tx, row.id, teammateId, role);
    }
  });
  return planPeople(db, row, true);
}

/**
 * What ends when a teammate leaves an owner's team (handed to the team module by app.ts, run in its transaction):
 * their access to every copy of the owner's, and their assignments there (the owner text stays).
 */
export async function endTeammateAccess(tx: Tx, ownerId: number, teammateId: number): Promise<void> {
  await removeAccess(tx, teammateId, ownerPlans(ownerId));
  await unassignInPlans(tx, ownerId, teammateId, new Date());
}

/** The copies shared with a member, with whose they are and the member's role. */
export async function sharedPlansOf(db: Database, clientId: number): Promise<SharedPlanSummary[]> {
  const rows = await listSharedPlans(db, clientId);
  const names = await namesOf(
    db,
    rows.map((r) => r.ownerClientId),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    owner_name: names.get(r.ownerClientId)?.full ?? '',
    role: r.role,
    version: r.version,
    updated_at: r.updatedAt.toISOString(),
    task_count: r.taskCount,
  }));
}
