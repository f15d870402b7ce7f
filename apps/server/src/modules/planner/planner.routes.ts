import {
  AI_MESSAGES,
  AiPlanSchema,
  AiRequestSchema,
  AiUsageSchema,
  AUTH_MESSAGES,
  DocRequestSchema,
  DownloadLinkSchema,
  DownloadRequestSchema,
  MEMBER_BUDGETS,
  PLAN_SECTION_NAMES,
  PlanfileRequestSchema,
  type SuccessPlanSection,
} from '@dpp/shared';
import { DatabaseIdSchema } from '@dpp/shared/schemas/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../errors';
import { abortedOnClose, sendEventStream } from '../../lib/sse';
import { bearerToken } from '../../plugins/auth';
import { bufferOf } from '../../work';
import { plannerRunBudget } from './planner.budget';
import { plannerRelay } from './planner.relay';
import {
  findNewestPlanByTitle,
  findOwnPlan,
  listOwnPlans,
  toAiPlan,
  tokensUsed,
  upsertPlan,
} from './planner.repository';
import {
  assertOwnEmail,
  createDownloadLink,
  DOWNLOAD_FEATURE,
  plannerAccess,
  redeemDownloadLink,
} from './planner.service';

const errors = errorResponses(400, 401, 402, 403, 404);

/**
 * A file name safe in a Content-Disposition header. Here, not beside the builders: those load docx and ExcelJS,
 * which only the worker threads need (ADR 0040).
 */
function fileNameOf(title: string, excel: boolean): string {
  const base =
    title
      .replace(/[^\w .-]+/g, '')
      .replace(/\s+/g, '-')
      .slice(0, 80) || 'ai-plan';
  return `${base}.${excel ? 'xlsx' : 'docx'}`;
}

export const plannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['ai planner'];
  const config = app.config;
  const provider = app.adapters.ai;

  const relay = plannerRelay(app, provider);
  const takeRun = plannerRunBudget(app);

  app.post(
    '/openai',
    {
      schema: {
        tags,
        summary: 'Runs one step of the AI planner and streams the reply (text/event-stream)',
        description:
          'Events: `delta` {text} as the reply is produced, then `done` {tokens, estimated, used, limit}, or ' +
          '`error` {code, message} when the provider fails mid-way. The prompt is built on the server from the answers. ' +
          `At most ${MEMBER_BUDGETS.PLANNER_RUNS_AT_ONCE} answers of a member are written at once, on all instances ` +
          'together; beyond, 429 with Retry-After.',
        body: AiRequestSchema,
        response: {
          200: z.unknown().describe('text/event-stream'),
          ...errorResponses(400, 401, 402, 403, 404, 429, 502),
        },
      },
    },
    async (request, reply) => {
      // The session is checked by the relay rather than by requireUser: read with the gate and the credits used
      // in one statement, while the provider may already be asked.
      const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.SESSION_REQUIRED);
      const signal = abortedOnClose(reply);
      const { session, events } = await relay.start({
        token,
        body: request.body,
        signal,
        log: request.log,
        takeRun,
      });
      request.session = session;
      return sendEventStream(reply, events);
    },
  );

  app.get(
    '/ai/usage',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: "The caller's AI credits this month", response: { 200: AiUsageSchema, ...errors } },
    },
    async (request) => {
      const { client, limit } = await plannerAccess(app, request.session!);
      const now = new Date();
      const resets = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      return { used: await tokensUsed(app.db, client.id, now), limit, resets_at: resets.toISOString() };
    },
  );

  app.post(
    '/ai/planfile',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Saves the caller's AI plan (project, tasks and wizard state); creates it when new",
        body: PlanfileRequestSchema,
        response: { 200: AiPlanSchema, ...errors },
      },
    },
    async (request) => {
      assertOwnEmail(request.session!, request.body.email);
      const { client } = await plannerAccess(app, request.session!);
      const { id, title, project, tasks, state } = request.body;
      // By id only: without one this is a new plan, even when an older one has the same title.
      const existing = id === undefined ? null : await findOwnPlan(app.db, client.id, id);
      if (id !== undefined && !existing) throw new AppError('NOT_FOUND', AI_MESSAGES.PLAN_NOT_FOUND);
      const row = await upsertPlan(app.db, client.id, existing, {
        title,
        project,
        tasks,
        ...(state && { state, goal: state.goal, successPlan: state.successPlan }),
      });
      return toAiPlan(row);
    },
  );

  app.post(
    '/ai/doc',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Stores one generated text of the plan: the SMART goal (step 0) or a success plan section (3 to 7)',
        body: DocRequestSchema,
        response: { 200: AiPlanSchema, ...errors },
      },
    },
    async (request) => {
      assertOwnEmail(request.session!, request.body.email);
      const { client } = await plannerAccess(app, request.session!);
      const { id, title, step, input } = request.body;
      // By id only: without one this is a new plan, even when an older one has the same title.
      const existing = id === undefined ? null : await findOwnPlan(app.db, client.id, id);
      if (id !== undefined && !existing) throw new AppError('NOT_FOUND', AI_MESSAGES.PLAN_NOT_FOUND);
      const sectionIndex = Number(step) - 3;
      if (step === '0') return toAiPlan(await upsertPlan(app.db, client.id, existing, { title, goal: input }));
      if (sectionIndex >= 0 && sectionIndex < PLAN_SECTION_NAMES.length) {
        const name = PLAN_SECTION_NAMES[sectionIndex]!;
        const sections: SuccessPlanSection[] = (existing?.successPlan ?? []).filter((s) => s.title !== name);
        sections.push({ title: name, text: input });
        sections.sort((a, b) => PLAN_SECTION_NAMES.indexOf(a.title) - PLAN_SECTION_NAMES.indexOf(b.title));
        return toAiPlan(await upsertPlan(app.db, client.id, existing, { title, successPlan: sections }));
      }
      throw new AppError(
        'VALIDATION_FAILED',
        'Only the SMART goal (step 0) and plan sections (steps 3 to 7) are stored.',
      );
    },
  );

  app.get(
    '/ai/plans',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The caller's AI plans, newest first",
        response: { 200: z.array(AiPlanSchema), ...errors },
      },
    },
    async (request) => {
      const { client } = await plannerAccess(app, request.session!);
      return (await listOwnPlans(app.db, client.id)).map(toAiPlan);
    },
  );

  app.get(
    '/ai/plans/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'One of the caller’s AI plans',
        params: z.object({ id: DatabaseIdSchema }),
        response: { 200: AiPlanSchema, ...errors },
      },
    },
    async (request) => {
      const { client } = await plannerAccess(app, request.session!);
      const row = await findOwnPlan(app.db, client.id, request.params.id);
      if (!row) throw new AppError('NOT_FOUND', AI_MESSAGES.PLAN_NOT_FOUND);
      return toAiPlan(row);
    },
  );

  app.post(
    '/ai/download',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'A short-lived link to download the plan as .docx, or .xlsx when excel is true',
        body: DownloadRequestSchema,
        response: { 200: DownloadLinkSchema, ...errors },
      },
    },
    async (request) => {
      assertOwnEmail(request.session!, request.body.email);
      const { client } = await plannerAccess(app, request.session!, DOWNLOAD_FEATURE);
      const { id, title, excel } = request.body;
      const plan =
        id === undefined
          ? await findNewestPlanByTitle(app.db, client.id, title)
          : await findOwnPlan(app.db, client.id, id);
      if (!plan) throw new AppError('NOT_FOUND', AI_MESSAGES.PLAN_NOT_FOUND);
      const { token, expiresAt } = await createDownloadLink(
        app.db,
        plan.id,
        excel,
        config.AI_DOWNLOAD_LINK_SECONDS,
        new Date(),
      );
      return {
        url: `/ai/download/${token}`,
        expires_at: expiresAt.toISOString(),
        file_name: fileNameOf(plan.title, excel),
      };
    },
  );

  app.get(
    '/ai/download/:token',
    {
      preHandler: [app.requireUser, app.downloadBudget],
      schema: {
        tags,
        summary:
          "The file of a download link: for the link's owner only, and only once; built off the event loop, " +
          "within the member's download budget (429)",
        params: z.object({ token: z.string().regex(/^[\w-]{20,100}$/) }),
        response: { 200: z.unknown().describe('the .docx or .xlsx file'), ...errors, ...errorResponses(413, 429, 503) },
      },
    },
    async (request, reply) => {
      const { client } = await plannerAccess(app, request.session!, DOWNLOAD_FEATURE);
      const found = await redeemDownloadLink(app.db, client.id, request.params.token, new Date());
      if (!found) throw new AppError('NOT_FOUND', AI_MESSAGES.LINK_EXPIRED);
      const { title, goal, project, successPlan, tasks } = found.plan;
      const body = bufferOf(
        await app.work.run(
          found.excel ? 'planXlsx' : 'planDocx',
          { title, goal, project, successPlan, tasks },
          { owner: `member:${client.id}` },
        ),
      );
      return reply
        .header(
          'content-type',
          found.excel
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        )
        .header('content-disposition', `attachment; filename="${fileNameOf(found.plan.title, found.excel)}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
