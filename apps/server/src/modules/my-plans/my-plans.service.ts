import { randomUUID } from 'node:crypto';
import {
  copyName,
  copyOfPlan,
  type DatedPlan,
  MESSAGES,
  MY_PLANS_MESSAGES,
  type MyPlan,
  type MyPlanCreateRequest,
  type MyPlanDocument,
  MyPlanDocumentSchema,
  type MyPlanList,
  type MyPlanOpened,
  type MyPlanSaved,
  type MyPlanSaveRequest,
  type MyPlanSourceKind,
  planSizeProblem,
  type RelativePlan,
  todayUtc,
} from '@dpp/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { ClientRow } from '../clients';
import { planForClient } from '../integrations';
import { myPlansLimitOf } from '../permissions';
import { assertAssigneesInTeam, openedPlanParts, planFor, sharedPlansOf } from './my-plans.access';
import { type SendRow, sendingSummary, sendingsOf, sendingsOfCopy } from './my-plans.progress';
import {
  deleteMemberPlan,
  findMemberPlan,
  insertMemberPlan,
  listMemberPlans,
  type MemberPlanRow,
  type MemberPlanSummaryRow,
  saveMemberPlan,
} from './my-plans.repository';

/** The plan id a source answers to: a template's own id, an AI plan's `ai-<id>` (the upload paths' ids). */
const sourcePlanId = (kind: 'template' | 'ai', id: number) => (kind === 'template' ? String(id) : `ai-${id}`);

/** What a blank plan starts as: one empty section, for the member's first task. */
const BLANK_PLAN: RelativePlan = {
  sections: [{ name: MY_PLANS_MESSAGES.BLANK_SECTION_NAME, description: '', tasks: [] }],
};

/**
 * What a copy is taken from, when the member may take it (the rule uploads follow): a template or an AI plan; a
 * blank plan has no source (id 0).
 */
async function sourceOf(
  db: Database,
  clientId: number,
  request: MyPlanCreateRequest,
): Promise<{ name: string; plan: RelativePlan; sourceId: number }> {
  if (request.source === 'blank') {
    return { name: request.name ?? MY_PLANS_MESSAGES.BLANK_PLAN_NAME, plan: BLANK_PLAN, sourceId: 0 };
  }
  const sourceId = request.source === 'template' ? request.templateId : request.aiPlanId;
  const found = await planForClient(db, clientId, sourcePlanId(request.source, sourceId));
  if (!found) throw new AppError('NOT_FOUND', MY_PLANS_MESSAGES.SOURCE_NOT_FOUND);
  if (!found.allowed) throw new AppError('PAYMENT_REQUIRED', MY_PLANS_MESSAGES.SOURCE_NOT_ALLOWED);
  // Templates and AI plans date their tasks in days from the start; a member's copy is never a source.
  return { name: found.loaded.name, plan: found.loaded.plan as RelativePlan, sourceId };
}

/** Item ids the server makes: short, unique, and in the alphabet a client's own ids use. */
const newItemId = () => randomUUID().replaceAll('-', '').slice(0, 16);

/**
 * A copy's header. `sendings` (newest first): the address of its last sending is not answered once that project was
 * deleted in its tool.
 */
function header(row: MemberPlanSummaryRow | MemberPlanRow, sendings: readonly SendRow[]) {
  const gone = sendings.some((s) => s.state === 'gone' && s.projectUrl !== null && s.projectUrl === row.lastSentUrl);
  return {
    id: row.id,
    name: row.name,
    source_kind: row.sourceKind,
    source_id: row.sourceId,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_sent:
      row.lastSentAt && row.lastSentTool
        ? { tool: row.lastSentTool, at: row.lastSentAt.toISOString(), url: gone ? null : row.lastSentUrl }
        : null,
  };
}

export function toMyPlan(row: MemberPlanRow, sendings: readonly SendRow[] = []): MyPlan {
  return { ...header(row, sendings), plan: row.plan };
}

export async function myPlansOf(db: Database, client: ClientRow, now: Date = new Date()): Promise<MyPlanList> {
  const [rows, limit, sendings, shared] = await Promise.all([
    listMemberPlans(db, client.id),
    myPlansLimitOf(db, client),
    sendingsOf(db, client.id),
    sharedPlansOf(db, client.id),
  ]);
  const sendingsByCopy = new Map<number, SendRow[]>();
  for (const s of sendings) sendingsByCopy.set(s.memberPlanId, [...(sendingsByCopy.get(s.memberPlanId) ?? []), s]);
  const today = todayUtc(now);
  return {
    plans: rows.map((row) => {
      const own = sendingsByCopy.get(row.id) ?? [];
      return {
        ...header(row, own),
        task_count: row.taskCount,
        sendings: own.map((sending) => sendingSummary(sending, today)),
      };
    }),
    shared,
    limit,
  };
}

/**
 * A copy is stored only as its own schema reads it, so that it always opens and saves: the dates worked out from
 * a start near the last day the product takes may fall past it (the request's start date alone was in range).
 */
function assertStorable(plan: MyPlanDocument): void {
  const checked = MyPlanDocumentSchema.safeParse(plan);
  if (checked.success) return;
  if (checked.error.issues.some((issue) => issue.message === MESSAGES.DAY_OUT_OF_RANGE)) {
    const message = MY_PLANS_MESSAGES.START_TOO_LATE;
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'body.start_date', message }]);
  }
  throw new AppError('VALIDATION_FAILED', checked.error.issues[0]?.message ?? MESSAGES.INVALID_REQUEST);
}

/**
 * Makes the member's own copy of a template or an AI plan they may take (the rule uploads follow), or a blank plan,
 * dated from the start date (today, UTC, by default), within the number of copies their membership keeps.
 */
export async function takePlan(
  db: Database,
  client: ClientRow,
  request: MyPlanCreateRequest,
  now: Date = new Date(),
): Promise<MyPlan> {
  const source = await sourceOf(db, client.id, request);
  const plan = copyOfPlan(source.plan, request.start_date ?? todayUtc(now), newItemId);
  assertStorable(plan);
  const limit = await myPlansLimitOf(db, client, now);
  const row = await insertMemberPlan(
    db,
    {
      clientId: client.id,
      name: copyName(source.name, 'My plan'),
      sourceKind: request.source,
      sourceId: source.sourceId,
      plan,
    },
    limit,
  );
  if (!row) throw new AppError('FORBIDDEN', MY_PLANS_MESSAGES.LIMIT_REACHED(limit ?? 0));
  return toMyPlan(row);
}

/**
 * Whether the member may still use what a copy was taken from, for sending it to a task tool or to a file: a paid
 * template's copy only while the template itself is theirs to use (a membership or a purchase), by the rule
 * taking it followed. A source that is gone (a template withdrawn, an AI plan deleted) leaves the copy theirs.
 */
export async function mayUseSourceOf(
  db: Database,
  clientId: number,
  copy: { sourceKind: MyPlanSourceKind; sourceId: number },
): Promise<boolean> {
  // A blank plan is the member's own from the start.
  if (copy.sourceKind === 'blank') return true;
  const found = await planForClient(db, clientId, sourcePlanId(copy.sourceKind, copy.sourceId));
  return found === null || found.allowed;
}

/**
 * A copy saved under earlier, larger limits opens and saves only once within today's; the work a download does is
 * capped by them too (413, the limit's sentence and what to do).
 */
export function assertWithinLimits(copy: Pick<MyPlan, 'plan'>): void {
  const problem = planSizeProblem(copy.plan);
  if (problem) throw new AppError('TOO_LARGE', MY_PLANS_MESSAGES.TOO_LARGE_TO_DOWNLOAD(problem));
}

export async function myPlan(db: Database, clientId: number, id: number): Promise<MyPlan> {
  const row = await findMemberPlan(db, clientId, id);
  if (!row) throw new AppError('NOT_FOUND', MY_PLANS_MESSAGES.NOT_FOUND);
  return toMyPlan(row, await sendingsOfCopy(db, clientId, id));
}

/** A copy as its owner or a teammate with access opens it: with the caller's standing and the copy's team. */
export async function openedPlan(db: Database, callerId: number, id: number): Promise<MyPlanOpened> {
  const { row, standing } = await planFor(db, callerId, id, 'read');
  const sendings = standing === 'owner' ? await sendingsOfCopy(db, callerId, id) : [];
  return { ...toMyPlan(row, sendings), ...(await openedPlanParts(db, row, standing)) };
}

/**
 * Saves the edits of the owner or an editor when they were made on the stored version; otherwise refuses and
 * changes nothing (a viewer: 403; a task assigned outside the copy's team: 400).
 */
export async function saveMyPlan(
  db: Database,
  clientId: number,
  id: number,
  request: MyPlanSaveRequest,
  now: Date = new Date(),
): Promise<MyPlanSaved> {
  const { row } = await planFor(db, clientId, id, 'save');
  await assertAssigneesInTeam(db, row, request.plan);
  const saved = await saveMemberPlan(
    db,
    row.clientId,
    id,
    request.version,
    { name: request.name, plan: request.plan },
    now,
  );
  if (saved) return { id, version: saved.version, updated_at: saved.updatedAt.toISOString() };
  // Refused: deleted since (404), or changed since (409).
  if (!(await findMemberPlan(db, row.clientId, id))) throw new AppError('NOT_FOUND', MY_PLANS_MESSAGES.NOT_FOUND);
  throw new AppError('CONFLICT', MY_PLANS_MESSAGES.STALE_VERSION);
}

export async function deleteMyPlan(db: Database, clientId: number, id: number): Promise<void> {
  await planFor(db, clientId, id, 'delete');
  if (!(await deleteMemberPlan(db, clientId, id))) throw new AppError('NOT_FOUND', MY_PLANS_MESSAGES.NOT_FOUND);
}

/** A copy as uploads take it: each task with its own dates, priority, links and milestone, in the member's order. */
export function datedPlanOf(plan: MyPlanDocument): DatedPlan {
  return {
    sections: plan.sections.map((section) => ({
      name: section.name,
      description: section.description,
      tasks: section.tasks.map((task) => ({
        id: task.id,
        name: task.name,
        description: task.description,
        due_on: task.due_date,
        start_on: task.start_date,
        priority: task.priority,
        depends_on: task.depends_on,
        milestone: task.milestone,
        subtasks: task.subtasks.map((subtask) => ({ name: subtask.name, description: subtask.description })),
      })),
    })),
  };
}
