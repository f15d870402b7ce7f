import { Readable } from 'node:stream';
import {
  AI_MESSAGES,
  AiPlanSchema,
  AiRequestSchema,
  AiUsageSchema,
  AUTH_MESSAGES,
  DocRequestSchema,
  DownloadLinkSchema,
  DownloadRequestSchema,
  ErrorResponseSchema,
  PLAN_SECTION_NAMES,
  PlanfileRequestSchema,
  type SuccessPlanSection,
} from '@dpp/shared';
import { DatabaseIdSchema } from '@dpp/shared/schemas/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AiStream, estimateTokens } from '../../adapters/ai/ai.port';
import { AppError } from '../../errors';
import { sseEvent } from '../../lib/sse';
import { bearerToken } from '../../plugins/auth';
import { sha256 } from '../identity/identity.crypto';
import { fileNameOf, planDocx, planXlsx } from './planner.documents';
import { maxReplyTokens, promptFor } from './planner.prompts';
import {
  addTokens,
  findNewestPlanByTitle,
  findOwnPlan,
  listOwnPlans,
  periodOf,
  toAiPlan,
  tokensUsed,
  upsertPlan,
} from './planner.repository';
import {
  assertOwnEmail,
  createDownloadLink,
  creditsUsedMessage,
  DOWNLOAD_FEATURE,
  findSessionGate,
  plannerAccess,
  plannerAccessOf,
  redeemDownloadLink,
} from './planner.service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  402: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

export const plannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['ai planner'];
  const config = app.config;
  const provider = app.adapters.ai;

  // This month's total per client as this instance last read or wrote it, and the sessions the gate let through
  // here lately: only for those, with credits left as last counted, is the provider asked before the session
  // and the gate have been read (a refusal costs at most one early request, which it ends).
  const ALLOWED_MS = 10 * 60_000;
  const counted = new Map<number, { used: number; period: string }>();
  const allowed = new Map<string, { at: number; clientId: number; limit: number }>();
  const remember = (clientId: number, used: number, now: Date) => {
    if (counted.size > 10_000) counted.clear();
    counted.set(clientId, { used, period: periodOf(now) });
  };
  const mayAskEarly = (tokenHash: string, now: Date) => {
    const seen = allowed.get(tokenHash);
    if (!seen || seen.at < now.getTime() - ALLOWED_MS) return false;
    const used = counted.get(seen.clientId);
    return used !== undefined && used.period === periodOf(now) && used.used < seen.limit;
  };
  const noteAllowed = (tokenHash: string, clientId: number, limit: number) => {
    if (allowed.size > 10_000) allowed.clear();
    allowed.set(tokenHash, { at: Date.now(), clientId, limit });
  };
  const count = async (clientId: number, tokens: number, now: Date) => {
    const used = await addTokens(app.db, clientId, tokens, now);
    remember(clientId, used, now);
    return used;
  };

  app.post(
    '/openai',
    {
      schema: {
        tags,
        summary: 'Runs one step of the AI planner and streams the reply (text/event-stream)',
        description:
          'Events: `delta` {text} as the reply is produced, then `done` {tokens, estimated, used, limit}, or ' +
          '`error` {code, message} when the provider fails mid-way. The prompt is built on the server from the answers.',
        body: AiRequestSchema,
        response: { 200: z.unknown().describe('text/event-stream'), ...errors, 502: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // The session is checked here rather than by requireUser: read with the gate and the credits used in one
      // statement, while the provider may already be asked.
      const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.SESSION_REQUIRED);
      const messages = promptFor(request.body);
      const abort = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const ask = () =>
        provider.complete({
          messages,
          request: request.body,
          maxTokens: maxReplyTokens(request.body.step),
          signal: abort.signal,
        });
      const now = new Date();
      const tokenHash = sha256(token);
      // A session the gate let through last time is asked for at once, while it and the gate are read again;
      // the reply goes nowhere unless both still say yes, and a refusal ends the early request.
      const early = mayAskEarly(tokenHash, now) ? ask() : undefined;
      early?.catch(() => undefined);
      // One turn of the event loop puts the early request on the wire before the read: the embedded database
      // answers on this thread and would otherwise hold it back until the gate is known.
      if (early) await new Promise((resolve) => setImmediate(resolve));
      let access: Awaited<ReturnType<typeof plannerAccessOf>>;
      try {
        const found = await app.identity.authenticateWith(token, (hash, at) => findSessionGate(app.db, hash, at));
        if (!found) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.SESSION_REQUIRED);
        request.session = found.session;
        access = await plannerAccessOf(app, found.session, found.found, now);
        remember(access.client.id, access.used, now);
        if (access.used >= access.limit) {
          throw new AppError('PAYMENT_REQUIRED', creditsUsedMessage(access.limit, now), { limit: access.limit });
        }
      } catch (error) {
        allowed.delete(tokenHash);
        abort.abort();
        throw error;
      }
      noteAllowed(tokenHash, access.client.id, access.limit);
      const { client, limit } = access;
      let stream: AiStream;
      try {
        stream = await (early ?? ask());
      } catch (error) {
        request.log.error({ err: error }, 'AI provider refused the request');
        throw new AppError('UPSTREAM_FAILED', AI_MESSAGES.PROVIDER_FAILED);
      }
      const promptTokens = estimateTokens(messages.map((m) => m.content).join('\n'));
      async function* events() {
        let produced = '';
        let failed = false;
        let usage: ReturnType<AiStream['usage']> = null;
        let tokens = 0;
        let used = 0;
        try {
          for await (const text of stream.chunks) {
            produced += text;
            yield sseEvent('delta', { text });
          }
          usage = stream.usage();
        } catch (error) {
          failed = true;
          if (!abort.signal.aborted) request.log.error({ err: error }, 'AI provider failed mid-stream');
        } finally {
          // Counted once, however the reply ended: what was produced counts, also when the browser went away.
          tokens = usage ? usage.promptTokens + usage.completionTokens : promptTokens + estimateTokens(produced);
          used = await count(client.id, tokens, now);
        }
        yield failed
          ? sseEvent('error', { code: 'UPSTREAM_FAILED', message: AI_MESSAGES.PROVIDER_FAILED })
          : sseEvent('done', { tokens, estimated: usage?.estimated ?? true, used, limit });
      }
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      return reply.send(Readable.from(events(), { objectMode: false }));
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
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The file of a download link: for the link's owner only, and only once",
        params: z.object({ token: z.string().regex(/^[\w-]{20,100}$/) }),
        response: { 200: z.unknown().describe('the .docx or .xlsx file'), ...errors },
      },
    },
    async (request, reply) => {
      const { client } = await plannerAccess(app, request.session!, DOWNLOAD_FEATURE);
      const found = await redeemDownloadLink(app.db, client.id, request.params.token, new Date());
      if (!found) throw new AppError('NOT_FOUND', AI_MESSAGES.LINK_EXPIRED);
      const body = found.excel ? await planXlsx(found.plan) : await planDocx(found.plan);
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
