// What the tests of progress share: a member's copy sent through the product's own calls to a simulator, a task ticked
// on the simulator's page, and the reads of a copy let end or aged. Used by the tests only.
import { addDays, type MyPlan, todayUtc } from '@dpp/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { jobs } from '../src/db/schema';
import { PROGRESS_JOB_KIND, type ProgressJobPayload } from '../src/modules/my-plans/my-plans.progress';
import { memberPlanSends } from '../src/modules/my-plans/my-plans.tables';
import type { TaskToolName } from '../src/ports/task-tool.port';
import type { signedInMember } from './helpers';
import { sendToSandbox } from './remote-plan';
import { injectCaller } from './task-tool-upload';
import { waitFor } from './wait-for';

export type Member = Awaited<ReturnType<typeof signedInMember>>;

/** Waits until no progress read (of the copy `memberPlanId`, or of any copy) is queued or running. */
export const progressReadsEnded = (app: FastifyInstance, memberPlanId?: number) =>
  waitFor(
    `the progress reads of ${memberPlanId === undefined ? 'every copy' : `copy ${memberPlanId}`} to end`,
    async () => {
      const open = (await app.db.select().from(jobs).where(eq(jobs.kind, PROGRESS_JOB_KIND))).some(
        (j) =>
          (memberPlanId === undefined || (j.payload as ProgressJobPayload).memberPlanId === memberPlanId) &&
          (j.status === 'queued' || j.status === 'running'),
      );
      return open ? undefined : true;
    },
  );

/** The member's copy of a template, started `daysAgo` days ago (its first tasks are due in the past). */
export async function takenCopy(app: FastifyInstance, who: Member, templateId: number, daysAgo = 20): Promise<MyPlan> {
  const taken = await app.inject({
    method: 'POST',
    url: '/api/my-plans',
    headers: who.auth,
    payload: { source: 'template', templateId, start_date: addDays(todayUtc(), -daysAgo) },
  });
  expect(taken.statusCode, taken.body).toBe(201);
  return taken.json() as MyPlan;
}

/**
 * Sends the copy to `tool` as the wizard does, and lets its first read (queued at sending) end: it would race what
 * the test does next. The sending's stored row.
 */
export async function sendCopy(app: FastifyInstance, who: Member, copy: MyPlan, tool: TaskToolName) {
  const { job } = await sendToSandbox(injectCaller(app), app.db, who, tool, `my-plan-${copy.id}`);
  expect(job).toMatchObject({ status: 'succeeded' });
  await progressReadsEnded(app, copy.id);
  const rows = await app.db.select().from(memberPlanSends).where(eq(memberPlanSends.memberPlanId, copy.id));
  return rows.sort((a, b) => b.id - a.id)[0]!;
}

/** Ticks a task done on the simulator's own page, as a person would. */
export async function tickInSandbox(app: FastifyInstance, tool: TaskToolName, remoteId: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/sandbox/${tool}/-/tasks/${remoteId}/done`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'done=true',
  });
  expect(res.statusCode, res.body).toBe(303);
}

/** Moves every last read of the copy back in time, so that the next Refresh reads again instead of answering it. */
export const ageReads = (app: FastifyInstance, memberPlanId: number) =>
  app.db
    .update(memberPlanSends)
    .set({ readAt: new Date(Date.now() - 60_000) })
    .where(eq(memberPlanSends.memberPlanId, memberPlanId));
