import {
  copyFileName,
  MY_PLAN_LIMITS,
  MY_PLAN_PROGRESS_MESSAGES,
  MY_PLANS_MESSAGES,
  MyPlanCreateRequestSchema,
  MyPlanDownloadQuerySchema,
  MyPlanIdParamsSchema,
  MyPlanListSchema,
  MyPlanProgressDetailSchema,
  MyPlanSavedSchema,
  MyPlanSaveRequestSchema,
  MyPlanSchema,
  PROGRESS_MIN_READ_GAP_MS,
  todayUtc,
} from '@dpp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../errors';
import { registerPlanSource } from '../integrations';
import { waitForJob } from '../jobs';
import { assertAiDownloadAllowed } from '../planner';
import { copyDocx, copyXlsx } from './my-plans.documents';
import { myPlanSource } from './my-plans.plan-source';
import {
  findSending,
  PROGRESS_JOB_KIND,
  progressDetailOf,
  progressHistory,
  progressReadHandler,
  queueDueReads,
  queueProgressRead,
  type SendRow,
} from './my-plans.progress';
import { deleteMyPlan, mayUseSourceOf, myPlan, myPlansOf, saveMyPlan, takePlan } from './my-plans.service';

const DOWNLOAD_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** How often an instance looks for sent copies whose scheduled progress read is due. */
const SCHEDULE_TICK_MS = 60_000;
/** How long a Refresh waits for its read before answering what is known (the read goes on). */
const REFRESH_WAIT_MS = 20_000;

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
        summary: "The member's plan copies, last changed first, and how many their membership keeps",
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
          '(today, UTC, by default); 402 when it is not theirs to take, 403 beyond the copies their membership keeps',
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
        summary: 'One copy with its document and version (its owner only)',
        params: MyPlanIdParamsSchema,
        response: { 200: MyPlanSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return myPlan(app.db, (await app.callerClient(request)).id, request.params.id);
    },
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
          'Saves the copy when `version` is the stored one and answers the new version; 409, changing nothing, ' +
          'when it was saved from another tab or window since',
        params: MyPlanIdParamsSchema,
        body: MyPlanSaveRequestSchema,
        response: { 200: MyPlanSavedSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => saveMyPlan(app.db, (await app.callerClient(request)).id, request.params.id, request.body),
  );

  app.get(
    '/api/my-plans/:id/download',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'The copy, edits included, as a Word document (format=docx) or a spreadsheet (format=xlsx); its owner only, ' +
          "while what it was taken from is theirs to use (402), an AI plan's copy where the plan allows AI downloads",
        params: MyPlanIdParamsSchema,
        querystring: MyPlanDownloadQuerySchema,
        response: { 200: z.unknown().describe('the .docx or .xlsx file'), ...errorResponses(400, 401, 402, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id: clientId } = await app.callerClient(request);
      const copy = await myPlan(app.db, clientId, request.params.id);
      if (!(await mayUseSourceOf(app.db, clientId, { sourceKind: copy.source_kind, sourceId: copy.source_id }))) {
        throw new AppError('PAYMENT_REQUIRED', MY_PLANS_MESSAGES.SOURCE_NOT_ALLOWED);
      }
      if (copy.source_kind === 'ai') await assertAiDownloadAllowed(app, request.session!);
      const { format } = request.query;
      const body = format === 'xlsx' ? await copyXlsx(copy) : await copyDocx(copy);
      return reply
        .header('content-type', DOWNLOAD_TYPES[format])
        .header('content-disposition', `attachment; filename="${copyFileName(copy.name, format)}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  /** The sending of the caller's copy; 404 for a copy that is not theirs, and for one never sent. */
  async function sendingOf(request: FastifyRequest, id: number) {
    const clientId = (await app.callerClient(request)).id;
    const sending = await findSending(app.db, clientId, id);
    if (sending) return { clientId, sending };
    await myPlan(app.db, clientId, id);
    throw new AppError('NOT_FOUND', MY_PLAN_PROGRESS_MESSAGES.NOT_SENT);
  }

  const progressAnswer = async (sending: SendRow) =>
    progressDetailOf(sending, todayUtc(), await progressHistory(app.db, sending.memberPlanId));

  app.get(
    '/api/my-plans/:id/progress',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "The progress of the copy's last sending as last read from the tool: each sent task done or not, late or " +
          'not, the next one, and the burn-up per day (its owner only; 404 when never sent)',
        params: MyPlanIdParamsSchema,
        response: { 200: MyPlanProgressDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return progressAnswer((await sendingOf(request, request.params.id)).sending);
    },
  );

  app.post(
    '/api/my-plans/:id/progress',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Reads the progress back from the tool now (a read within the last two seconds is answered as it is) ' +
          'and answers it as GET does',
        params: MyPlanIdParamsSchema,
        response: { 200: MyPlanProgressDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { clientId, sending } = await sendingOf(request, request.params.id);
      if (!sending.readAt || Date.now() - sending.readAt.getTime() >= PROGRESS_MIN_READ_GAP_MS) {
        const job = await queueProgressRead(app.db, { clientId, memberPlanId: request.params.id });
        // Run here and now; should another instance have claimed it first, wait for that one.
        if (!(await app.jobs.runner.runOnce(job.id))) await waitForJob(app.db, job.id, REFRESH_WAIT_MS, 100);
      }
      return progressAnswer((await sendingOf(request, request.params.id)).sending);
    },
  );

  app.delete(
    '/api/my-plans/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Deletes a copy (its owner only); what was sent to a task tool stays there',
        params: MyPlanIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteMyPlan(app.db, (await app.callerClient(request)).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
