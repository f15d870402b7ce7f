import {
  copyFileName,
  MEMBER_BUDGETS,
  MY_PLAN_LIMITS,
  MY_PLAN_PROGRESS_MESSAGES,
  MY_PLANS_MESSAGES,
  MyPlanCreateRequestSchema,
  MyPlanDownloadQuerySchema,
  MyPlanIdParamsSchema,
  MyPlanListSchema,
  MyPlanOpenedSchema,
  MyPlanProgressSchema,
  MyPlanSavedSchema,
  MyPlanSaveRequestSchema,
  MyPlanSchema,
  PlanAccessRequestSchema,
  PlanTeamSchema,
  PROGRESS_MIN_READ_GAP_MS,
  todayUtc,
} from '@dpp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../errors';
import { memberBudget } from '../../plugins/member-budget';
import { bufferOf } from '../../work';
import { registerPlanSource } from '../integrations';
import { waitForJob } from '../jobs';
import { assertAiDownloadAllowed } from '../planner';
import { planFor, setPlanAccess } from './my-plans.access';
import { myPlanSource } from './my-plans.plan-source';
import {
  claimReads,
  findSending,
  isReadUnderWay,
  PROGRESS_JOB_KEPT_MS,
  PROGRESS_JOB_KIND,
  type ProgressJobPayload,
  progressHistories,
  progressReadHandler,
  queueDueReads,
  type SendRow,
  sendingDetail,
  sendingsOfCopy,
} from './my-plans.progress';
import {
  assertWithinLimits,
  deleteMyPlan,
  mayUseSourceOf,
  myPlan,
  myPlansOf,
  openedPlan,
  saveMyPlan,
  takePlan,
  toMyPlan,
} from './my-plans.service';

const DOWNLOAD_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** How often an instance looks for sent copies whose scheduled progress read is due. */
const SCHEDULE_TICK_MS = 60_000;
/** How long a Refresh waits for its read before answering what is known (the read goes on). */
const REFRESH_WAIT_MS = 20_000;
/** How often a Refresh that found a read under way looks whether it has ended. */
const READ_UNDER_WAY_POLL_MS = 100;

/**
 * Members' copies as an upload source, and their progress read back from the tools: the read job, queued at
 * sending, by the schedule every PROGRESS_READ_INTERVAL_MINUTES and by a Refresh. Call before the routes.
 */
export function registerMyPlans(app: FastifyInstance): void {
  const minutes = app.config.PROGRESS_READ_INTERVAL_MINUTES;
  // With the schedule off a sending is still read once at sending and at each Refresh.
  const readEveryMs = (minutes || 360) * 60_000;
  registerPlanSource(myPlanSource(readEveryMs));
  app.jobs.handle(
    PROGRESS_JOB_KIND,
    progressReadHandler({
      db: app.db,
      readProjectProgress: app.integrations.readProjectProgress,
      readEveryMs,
      onReadFailed: (error, payload) => app.log.warn({ err: error, ...payload }, 'plan progress could not be read'),
    }),
    PROGRESS_JOB_KEPT_MS,
  );
  // Without a background worker (tests that run jobs by hand) nothing would run what the schedule queues.
  if (minutes === 0 || app.config.JOBS_POLL_INTERVAL_MS === 0) return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      queueDueReads(app.db, readEveryMs).catch((error: unknown) =>
        app.log.warn({ err: error }, 'scheduled progress reads could not be queued'),
      );
    }, SCHEDULE_TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * My Plans: the member's own copies of the plans they took. Every route needs a session and the caller's own
 * client record; a copy of someone else's answers 404, as one that does not exist.
 */
export const myPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['my-plans'];
  const errors = errorResponses(400, 401, 404);

  app.get(
    '/api/my-plans',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "The member's plan copies, last changed first, and how many their membership keeps; apart, the plans " +
          'teammates share with them (whose, and as viewer or editor)',
        response: { 200: MyPlanListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return myPlansOf(app.db, await app.callerClient(request));
    },
  );

  app.post(
    '/api/my-plans',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Takes a template or one of the member's AI plans as their own copy, due days made dates from start_date " +
          '(today, UTC, by default), or starts a blank plan (`source: blank`, one empty section); 402 when it is ' +
          'not theirs to take, 403 beyond the copies their membership keeps (a blank plan counts too)',
        body: MyPlanCreateRequestSchema,
        response: { 201: MyPlanSchema, ...errorResponses(400, 401, 402, 403, 404) },
      },
    },
    async (request, reply) => {
      const copy = await takePlan(app.db, await app.callerClient(request), request.body);
      return reply.code(201).send(copy);
    },
  );

  app.get(
    '/api/my-plans/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "One copy with its document and version, for its owner or a teammate it is shared with: the caller's role " +
          "and the copy's team (the people its tasks may be assigned to; e-mails for the owner only)",
        params: MyPlanIdParamsSchema,
        response: { 200: MyPlanOpenedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return openedPlan(app.db, (await app.callerClient(request)).id, request.params.id);
    },
  );

  app.put(
    '/api/my-plans/:id/access',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Sets each named teammate's role on the copy (viewer, editor) or ends their access (none: their tasks on it " +
          'are unassigned); the owner only (403 for a teammate). Answers the copy’s people',
        params: MyPlanIdParamsSchema,
        body: PlanAccessRequestSchema,
        response: { 200: PlanTeamSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      people: await setPlanAccess(app.db, (await app.callerClient(request)).id, request.params.id, request.body),
    }),
  );

  app.put(
    '/api/my-plans/:id',
    {
      preHandler: app.requireUser,
      // A plan at its limits is larger than the app's default body limit.
      bodyLimit: MY_PLAN_LIMITS.BODY_BYTES,
      schema: {
        tags,
        summary:
          'Saves the copy (its owner or an editor) when `version` is the stored one and answers the new version; 409, ' +
          'changing nothing, when it was saved from elsewhere since; 403 for a viewer; 400 for a task assigned to ' +
          "someone outside the copy's team",
        params: MyPlanIdParamsSchema,
        body: MyPlanSaveRequestSchema,
        response: { 200: MyPlanSavedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => saveMyPlan(app.db, (await app.callerClient(request)).id, request.params.id, request.body),
  );

  app.get(
    '/api/my-plans/:id/download',
    {
      preHandler: [app.requireUser, app.downloadBudget],
      schema: {
        tags,
        summary:
          'The copy, edits included, as a Word document (format=docx) or a spreadsheet (format=xlsx); its owner or a ' +
          'teammate it is shared with, ' +
          "while what it was taken from is theirs to use (402), an AI plan's copy where the plan allows AI downloads. " +
          "Built off the event loop, within the member's download budget (429)",
        params: MyPlanIdParamsSchema,
        querystring: MyPlanDownloadQuerySchema,
        response: {
          200: z.unknown().describe('the .docx or .xlsx file'),
          ...errorResponses(400, 401, 402, 403, 404, 413, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { id: clientId } = await app.callerClient(request);
      const { row } = await planFor(app.db, clientId, request.params.id, 'download');
      const copy = toMyPlan(row);
      assertWithinLimits(copy);
      // What the copy was taken from must still be its owner's to use, whoever of the team downloads it.
      if (!(await mayUseSourceOf(app.db, row.clientId, { sourceKind: copy.source_kind, sourceId: copy.source_id }))) {
        throw new AppError('PAYMENT_REQUIRED', MY_PLANS_MESSAGES.SOURCE_NOT_ALLOWED);
      }
      if (copy.source_kind === 'ai') await assertAiDownloadAllowed(app, request.session!);
      const { format } = request.query;
      const toWrite = { name: copy.name, plan: copy.plan };
      const task = format === 'xlsx' ? 'copyXlsx' : 'copyDocx';
      const body = bufferOf(await app.work.run(task, toWrite, { owner: `member:${clientId}` }));
      return reply
        .header('content-type', DOWNLOAD_TYPES[format])
        .header('content-disposition', `attachment; filename="${copyFileName(copy.name, format)}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  /** The sendings of the caller's copy, newest first (none for a copy never sent); 404 for a copy not theirs. */
  async function sendingsOfCaller(request: FastifyRequest, id: number) {
    const clientId = (await app.callerClient(request)).id;
    const sendings = await sendingsOfCopy(app.db, clientId, id);
    if (sendings.length === 0) await myPlan(app.db, clientId, id);
    return { clientId, sendings };
  }

  const progressAnswer = async (sendings: SendRow[]) => {
    const histories = await progressHistories(
      app.db,
      sendings.map((s) => s.id),
    );
    const today = todayUtc();
    return { sendings: sendings.map((s) => sendingDetail(s, today, histories.get(s.id) ?? [])) };
  };

  const refreshBudget = memberBudget(app, {
    name: 'progress-refreshes',
    perMinute: MEMBER_BUDGETS.REFRESHES_PER_MINUTE,
    refusal: (wait) => MY_PLAN_PROGRESS_MESSAGES.REFRESHES_PER_MINUTE(MEMBER_BUDGETS.REFRESHES_PER_MINUTE, wait),
  });

  /**
   * Waits until the read under way of a sending has ended, or REFRESH_WAIT_MS has passed. The Refreshes waiting on
   * this instance for one sending share one look at its row.
   */
  const readsEnding = new Map<number, Promise<void>>();
  function readUnderWayEnded(clientId: number, sendId: number): Promise<void> {
    let ending = readsEnding.get(sendId);
    if (!ending) {
      ending = (async () => {
        const until = Date.now() + REFRESH_WAIT_MS;
        for (;;) {
          const sending = await findSending(app.db, clientId, sendId);
          if (!sending || !isReadUnderWay(sending) || Date.now() >= until) return;
          await new Promise((resolve) => setTimeout(resolve, READ_UNDER_WAY_POLL_MS));
        }
      })().finally(() => readsEnding.delete(sendId));
      readsEnding.set(sendId, ending);
    }
    return ending;
  }

  app.get(
    '/api/my-plans/:id/progress',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'The progress of every sending of the copy, newest first, as last read from the tools: for each, its tool ' +
          'and project, each sent task done or not, late or not, the next ones, and the burn-up per day (a project ' +
          'deleted in its tool answers neither figures nor address). Its owner only; no sendings for a copy never sent',
        params: MyPlanIdParamsSchema,
        response: { 200: MyPlanProgressSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return progressAnswer((await sendingsOfCaller(request, request.params.id)).sendings);
    },
  );

  app.post(
    '/api/my-plans/:id/progress',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Reads the progress of every sending of the copy back from the tools now and answers it as GET does. One ' +
          'read of a sending at a time: one under way (on any instance) is waited for, and one within two seconds ' +
          "of a read is answered from it. Each project counts once against the member's reads a minute, all copies " +
          'together (429); 404 for a copy never sent',
        params: MyPlanIdParamsSchema,
        response: { 200: MyPlanProgressSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const memberPlanId = request.params.id;
      const { clientId, sendings } = await sendingsOfCaller(request, memberPlanId);
      if (sendings.length === 0) throw new AppError('NOT_FOUND', MY_PLAN_PROGRESS_MESSAGES.NOT_SENT);
      await refreshBudget(request, request.session!.user.id, sendings.length);
      const jobs = await claimReads(app.db, { clientId, memberPlanId }, PROGRESS_MIN_READ_GAP_MS);
      const claimed = new Set(jobs.map((job) => (job.payload as ProgressJobPayload).sendId));
      await Promise.all([
        // Run here and now; should another instance have claimed a job first, wait for that one.
        ...jobs.map(async (job) => {
          if (!(await app.jobs.runner.runOnce(job.id))) await waitForJob(app.db, job.id, REFRESH_WAIT_MS, 100);
        }),
        // The others: a read under way (answered once it ends), or one ended within the gap (answered as it is).
        ...sendings.filter((s) => !claimed.has(s.id)).map((s) => readUnderWayEnded(clientId, s.id)),
      ]);
      return progressAnswer(await sendingsOfCopy(app.db, clientId, memberPlanId));
    },
  );

  app.delete(
    '/api/my-plans/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Deletes a copy (its owner only: 403 for a teammate); what was sent to a task tool stays there',
        params: MyPlanIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteMyPlan(app.db, (await app.callerClient(request)).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
