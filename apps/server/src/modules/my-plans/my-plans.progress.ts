import {
  type MyPlanProgressPoint,
  type MyPlanSending,
  type MyPlanSendingDetail,
  progressFigures,
  todayUtc,
} from '@dpp/shared';
import { and, asc, desc, eq, gt, inArray, isNull, lte, notInArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { RemoteProgress, TaskToolName } from '../../ports/task-tool.port';
import type { SentPlan } from '../integrations';
import { enqueueJob, type JobHandler, type JobRow } from '../jobs';
import { memberPlanProgress, memberPlanSends, memberPlans, type ReportedTaskState } from './my-plans.tables';

/** The job that reads a sent copy's tasks back from its tool; its payload names the copy and its owner. */
export const PROGRESS_JOB_KIND = 'my-plan-progress';
/**
 * A read's job row is kept a day once finished: the Refresh that queued it waits on it for seconds, the sending
 * keeps what the read found, and the administrator's view of a member lists their latest jobs.
 */
export const PROGRESS_JOB_KEPT_MS = 86_400_000;
export interface ProgressJobPayload {
  clientId: number;
  memberPlanId: number;
  /** The sending read; absent from a read queued before a copy had several (its copy's one sending is read). */
  sendId?: number;
}

/**
 * The sendings of a copy that are followed: the latest ones. A Refresh reads each of them and counts each against
 * the member's reads a minute (MEMBER_BUDGETS.REFRESHES_PER_MINUTE), so that a Refresh always fits within it.
 */
export const FOLLOWED_SENDINGS = 5;

/** The schedule follows a sending this long; a Refresh still reads it afterwards. */
const FOLLOW_DAYS = 180;
/** Sendings the schedule queues at one tick, the most overdue first; the rest wait for the next tick. */
const SCHEDULE_BATCH = 200;
/**
 * A claimed read not ended after this long is taken to be lost with its instance (a read is seconds; an instance
 * that stops mid-read hands its job on after JOBS_LEASE_SECONDS and the next holder ends the read): another may
 * claim the copy's read.
 */
export const READ_CLAIM_MS = 2 * 60_000;

export type SendRow = typeof memberPlanSends.$inferSelect;

/** Queues the read of a copy whose read the caller has claimed: the job ends the claim. */
const queueProgressRead = (db: Database, payload: ProgressJobPayload): Promise<JobRow> =>
  enqueueJob(db, PROGRESS_JOB_KIND, payload, { maxAttempts: 1 });

/** No read of the sending under way: none claimed, or the claim is one its instance left behind. */
const noReadUnderWay = (at: Date) =>
  or(isNull(memberPlanSends.readingSince), lte(memberPlanSends.readingSince, new Date(at.getTime() - READ_CLAIM_MS)));

/**
 * Keeps what an upload of a copy sent (its project and each task's remote id) as a sending of its own, beside the
 * copy's earlier ones, and queues its first read; the oldest beyond FOLLOWED_SENDINGS stop being followed. Recording
 * the same project again (the upload job run again) changes nothing. A copy deleted meanwhile keeps nothing.
 */
export async function recordSending(
  db: Database,
  clientId: number,
  memberPlanId: number,
  sent: SentPlan,
  readEveryMs: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: memberPlans.id })
      .from(memberPlans)
      .where(and(eq(memberPlans.id, memberPlanId), eq(memberPlans.clientId, clientId)))
      .for('update');
    if (!owned) return;
    const [inserted] = await tx
      .insert(memberPlanSends)
      .values({
        memberPlanId,
        clientId,
        tool: sent.tool as TaskToolName,
        projectId: sent.projectId,
        projectUrl: sent.url,
        sentAt: sent.at,
        tasks: sent.tasks,
        total: sent.tasks.length,
        nextReadAt: new Date(sent.at.getTime() + readEveryMs),
        // The first read is claimed with the sending.
        readingSince: new Date(),
      })
      .onConflictDoNothing({ target: [memberPlanSends.memberPlanId, memberPlanSends.projectId] })
      .returning({ id: memberPlanSends.id });
    if (!inserted) return;
    const latest = tx
      .select({ id: memberPlanSends.id })
      .from(memberPlanSends)
      .where(eq(memberPlanSends.memberPlanId, memberPlanId))
      .orderBy(desc(memberPlanSends.sentAt), desc(memberPlanSends.id))
      .limit(FOLLOWED_SENDINGS);
    await tx
      .delete(memberPlanSends)
      .where(and(eq(memberPlanSends.memberPlanId, memberPlanId), notInArray(memberPlanSends.id, latest)));
    await queueProgressRead(tx, { clientId, memberPlanId, sendId: inserted.id });
  });
}

/**
 * Claims the next read of each sending of the copy that has no read under way and none ended in the last `gapMs`,
 * and queues them; the jobs queued (none when every sending is being read or was just read). The claim is one
 * conditional UPDATE, whose conditions PostgreSQL checks again on each row as the last writer left it: of any number
 * of Refreshes at once, on any instances, one claims a sending's read, and a read that ends keeps what it read and
 * lets the claim go in one write, so a claim after it sees that read.
 */
export async function claimReads(
  db: Database,
  copy: { clientId: number; memberPlanId: number },
  gapMs: number,
  at: Date = new Date(),
): Promise<JobRow[]> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(memberPlanSends)
      .set({ readingSince: at })
      .where(
        and(
          eq(memberPlanSends.memberPlanId, copy.memberPlanId),
          eq(memberPlanSends.clientId, copy.clientId),
          noReadUnderWay(at),
          or(isNull(memberPlanSends.readAt), lte(memberPlanSends.readAt, new Date(at.getTime() - gapMs))),
        ),
      )
      .returning({ id: memberPlanSends.id });
    const queued: JobRow[] = [];
    for (const { id } of claimed) queued.push(await queueProgressRead(tx, { ...copy, sendId: id }));
    return queued;
  });
}

/** Whether a read of the sending is under way (claimed, and not so long ago that it was left behind). */
export const isReadUnderWay = (send: SendRow, at: Date = new Date()): boolean =>
  send.readingSince !== null && send.readingSince.getTime() > at.getTime() - READ_CLAIM_MS;

/** Newest first: the order My Plans and the details list a copy's sendings in. */
const newestFirst = [desc(memberPlanSends.sentAt), desc(memberPlanSends.id)] as const;

/** One of the member's sendings; null when there is none of that id, or it is someone else's. */
export async function findSending(db: Database, clientId: number, sendId: number): Promise<SendRow | null> {
  const [row] = await db
    .select()
    .from(memberPlanSends)
    .where(and(eq(memberPlanSends.id, sendId), eq(memberPlanSends.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

/** The sending a read job names: by its id, or (a job queued before a copy had several) its copy's newest. */
async function sendingToRead(db: Database, payload: ProgressJobPayload): Promise<SendRow | null> {
  if (payload.sendId !== undefined) return findSending(db, payload.clientId, payload.sendId);
  const [newest] = await sendingsOfCopy(db, payload.clientId, payload.memberPlanId);
  return newest ?? null;
}

/** The sendings of one of the member's copies, newest first (none for a copy never sent, or not theirs). */
export const sendingsOfCopy = (db: Database, clientId: number, memberPlanId: number): Promise<SendRow[]> =>
  db
    .select()
    .from(memberPlanSends)
    .where(and(eq(memberPlanSends.memberPlanId, memberPlanId), eq(memberPlanSends.clientId, clientId)))
    .orderBy(...newestFirst);

/** Every sending of the member's copies, newest first. */
export const sendingsOf = (db: Database, clientId: number): Promise<SendRow[]> =>
  db
    .select()
    .from(memberPlanSends)
    .where(eq(memberPlanSends.clientId, clientId))
    .orderBy(...newestFirst);

/** Reads a project's tasks with the member's connection: 'disconnected' without one; upstream failures thrown. */
export type ReadProjectProgress = (
  clientId: number,
  tool: TaskToolName,
  projectId: string,
  signal?: AbortSignal,
) => Promise<RemoteProgress | 'disconnected'>;

/**
 * The job: reads the sent project's tasks and keeps what the tool says, with a point of the burn-up for the
 * day. A read that fails keeps the last good figures and says so; it is not retried at once (the schedule
 * or the member's Refresh reads again), so a tool that is down is not asked again and again.
 */
export function progressReadHandler(deps: {
  db: Database;
  readProjectProgress: ReadProjectProgress;
  readEveryMs: number;
  now?: () => Date;
  onReadFailed?: (error: unknown, payload: ProgressJobPayload) => void;
}): JobHandler {
  const now = deps.now ?? (() => new Date());
  return async (job, context) => {
    const payload = job.payload as ProgressJobPayload;
    const send = await sendingToRead(deps.db, payload);
    if (!send) return { read: false };
    let remote: RemoteProgress | 'disconnected' | 'failed';
    try {
      remote = await deps.readProjectProgress(send.clientId, send.tool, send.projectId, context.signal);
    } catch (error) {
      if (context.signal.aborted) throw error;
      deps.onReadFailed?.(error, payload);
      remote = 'failed';
    }
    const at = now();
    // What was read and the end of the claim, in one write: a claim made after it sees this read.
    const common = { readAt: at, nextReadAt: new Date(at.getTime() + deps.readEveryMs), readingSince: null };
    const same = eq(memberPlanSends.id, send.id);
    if (typeof remote === 'string') {
      await deps.db
        .update(memberPlanSends)
        .set({ ...common, state: remote })
        .where(same);
      return { read: true, state: remote };
    }
    const byId = new Map(remote.tasks.map((t) => [t.remoteId, t]));
    // The tasks we sent that the tool still holds; tasks added in the tool are not part of the plan.
    const reported: ReportedTaskState[] = send.tasks.flatMap((t) => {
      const found = byId.get(t.remoteId);
      return found ? [{ remoteId: t.remoteId, done: found.done, dueOn: found.dueOn }] : [];
    });
    const done = reported.filter((t) => t.done).length;
    await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(memberPlanSends)
        .set({ ...common, state: 'ok', reported, done, total: reported.length })
        .where(same)
        .returning({ id: memberPlanSends.id });
      if (!updated) return;
      const point = {
        sendId: send.id,
        memberPlanId: send.memberPlanId,
        day: todayUtc(at),
        done,
        total: reported.length,
      };
      await tx
        .insert(memberPlanProgress)
        .values(point)
        .onConflictDoUpdate({
          target: [memberPlanProgress.sendId, memberPlanProgress.day],
          set: { done, total: reported.length },
        });
    });
    return { read: true, state: 'ok', done, total: reported.length };
  };
}

/**
 * Queues a read of every sending the schedule owes one, the most overdue first, but for those being read now
 * (that read moves their next read on). Claiming moves each one's next read on and claims its read in the same
 * statement, so instances ticking at once never queue a sending twice, nor beside a Refresh's read.
 */
export async function queueDueReads(db: Database, readEveryMs: number, at: Date = new Date()): Promise<number> {
  const next = new Date(at.getTime() + readEveryMs);
  const followedSince = new Date(at.getTime() - FOLLOW_DAYS * 86_400_000);
  const due = db
    .select({ id: memberPlanSends.id })
    .from(memberPlanSends)
    .where(and(lte(memberPlanSends.nextReadAt, at), gt(memberPlanSends.sentAt, followedSince), noReadUnderWay(at)))
    .orderBy(asc(memberPlanSends.nextReadAt))
    .limit(SCHEDULE_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(memberPlanSends)
    .set({ nextReadAt: next, readingSince: at })
    // Checked again on the row as locked: a Refresh may have claimed it between the select and the update.
    .where(and(inArray(memberPlanSends.id, due), noReadUnderWay(at)))
    .returning({
      clientId: memberPlanSends.clientId,
      memberPlanId: memberPlanSends.memberPlanId,
      sendId: memberPlanSends.id,
    });
  for (const payload of claimed) await queueProgressRead(db, payload);
  return claimed.length;
}

/**
 * Each sent task with the tool's word on it: done, and its due day there (a team may move it in the tool), beside
 * its due day as sent (the plan the target line is drawn from) and the copy's own id of it.
 */
function reportedTasks(send: SendRow) {
  const states = send.reported ? new Map(send.reported.map((r) => [r.remoteId, r])) : null;
  return send.tasks.flatMap((t) => {
    const sent = { task_id: t.taskId ?? null, name: t.name, section: t.section, planned_on: t.dueOn };
    if (!states) return [{ ...sent, due_on: t.dueOn, done: false }];
    const state = states.get(t.remoteId);
    return state ? [{ ...sent, due_on: state.dueOn, done: state.done }] : [];
  });
}

/**
 * A sending as the list shows it, on `today` (UTC): done / next / late. A project deleted in its tool answers neither
 * figures nor its address: what was read of it before is no longer so.
 */
export function sendingSummary(send: SendRow, today: string): MyPlanSending {
  const { tasks, history, ...summary } = sendingDetail(send, today, []);
  return summary;
}

export function sendingDetail(send: SendRow, today: string, history: MyPlanProgressPoint[]): MyPlanSendingDetail {
  const gone = send.state === 'gone';
  const figures = progressFigures(gone ? [] : reportedTasks(send), today);
  return {
    id: send.id,
    state: send.state,
    tool: send.tool,
    sent_at: send.sentAt.toISOString(),
    project_url: gone ? null : send.projectUrl,
    read_at: send.readAt?.toISOString() ?? null,
    done: figures.done,
    total: figures.total,
    late: figures.late,
    next: figures.next,
    tasks: figures.tasks,
    history: gone ? [] : history,
  };
}

/** The burn-ups of the sendings, by sending, each in day order. */
export async function progressHistories(db: Database, sendIds: number[]): Promise<Map<number, MyPlanProgressPoint[]>> {
  const histories = new Map<number, MyPlanProgressPoint[]>(sendIds.map((id) => [id, []]));
  if (sendIds.length === 0) return histories;
  const rows = await db
    .select({
      sendId: memberPlanProgress.sendId,
      date: memberPlanProgress.day,
      done: memberPlanProgress.done,
      total: memberPlanProgress.total,
    })
    .from(memberPlanProgress)
    .where(inArray(memberPlanProgress.sendId, sendIds))
    .orderBy(asc(memberPlanProgress.day));
  for (const { sendId, ...point } of rows) histories.get(sendId)?.push(point);
  return histories;
}
