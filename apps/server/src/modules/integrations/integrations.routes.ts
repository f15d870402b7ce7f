import {
  ConnectionTypeParamSchema,
  CreateWorkspaceResponseSchema,
  MEMBER_BUDGETS,
  OAuthLinkResponseSchema,
  ResumeConnectionRequestSchema,
  ResumeConnectionResponseSchema,
  TeamsRequestSchema,
  TeamsResponseSchema,
  TokensRequestSchema,
  TokensResponseSchema,
  UPLOAD_MESSAGES,
  UploadAcceptedSpacesResponseSchema,
  UploadFeedbackRequestSchema,
  UploadFeedbackResponseSchema,
  UploadJobResponseSchema,
  UploadPlanRequestSchema,
  UploadPlanResponseSchema,
  WorkspacesRequestSchema,
  WorkspacesResponseSchema,
} from '@dpp/shared';
import { DatabaseIdSchema } from '@dpp/shared/schemas/ids';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../errors';
import { abortedOnClose, sendEventStream } from '../../lib/sse';
import { memberBudget } from '../../plugins/member-budget';
import type { TaskToolName } from '../../ports/task-tool.port';
import type { JobRow } from '../jobs';
import { type IntegrationsService, integrationsService, UPLOAD_JOB_KIND } from './integrations.service';
import { uploadFeedback } from './integrations.tables';

declare module 'fastify' {
  interface FastifyInstance {
    integrations: IntegrationsService;
  }
}

/** Builds the service and gives the job worker its upload handler; call before registering the routes. */
export function registerIntegrations(app: FastifyInstance): void {
  const service = integrationsService({
    db: app.db,
    config: app.config,
    taskTools: app.adapters.taskTools,
    log: app.log,
  });
  app.decorate('integrations', service);
  // An upload's row is its record for good: the insights count uploads over any range of days, the CRM's
  // plan-uploaded tag asks whether one succeeded, and the upload ledger and the feedback hang off it.
  app.jobs.handle(UPLOAD_JOB_KIND, service.uploadHandler, 'always');
}

const TOOL_BY_PARAM: Record<z.infer<typeof ConnectionTypeParamSchema>, TaskToolName> = {
  asana: 'asana',
  clickup: 'clickup',
  monday: 'monday',
  '1': 'asana',
  '2': 'clickup',
  '3': 'monday',
};

/** The path segment each tool's upload goes through (docs/product-rules.md, Plan upload). */
const UPLOAD_ENDPOINT: Record<TaskToolName, 'teams' | 'spaces' | 'workspaces'> = {
  asana: 'teams',
  clickup: 'spaces',
  monday: 'workspaces',
};

/**
 * The tool a plan-upload path names, refusing a path that is not that tool's own: the tool's endpoint, and
 * the boards form (monday only) naming the plan it uploads.
 */
function uploadTool(params: {
  connectionType: keyof typeof TOOL_BY_PARAM;
  endpoint: string;
  planId: string;
  boardPlanId?: string;
}) {
  const tool = TOOL_BY_PARAM[params.connectionType];
  const boards = params.boardPlanId !== undefined;
  if (
    params.endpoint !== UPLOAD_ENDPOINT[tool] ||
    boards !== (tool === 'monday') ||
    (boards && params.boardPlanId !== params.planId)
  ) {
    throw new AppError('NOT_FOUND', 'This upload address does not exist for this tool.');
  }
  return tool;
}

const errors = errorResponses(400, 401, 402, 403, 404, 502);

const Id = z.string().regex(/^[\w.-]{1,64}$/, 'not an id');
const PlanId = z.string().regex(/^[\w-]{1,64}$/, 'not a plan id');
const DbUserId = DatabaseIdSchema;
/** A database id in a path must be the caller's own: plans go only into one's own connected account. */
const ownerOnly = { ownerOnly: true };

function uploadAnswer(job: JobRow) {
  if (job.status === 'succeeded') return { status: true, message: UPLOAD_MESSAGES.UPLOADED };
  // The job's error holds only user-facing text (see the upload handler).
  if (job.status === 'failed') return { status: false, message: job.error || UPLOAD_MESSAGES.TRY_AGAIN };
  return { status: true, message: UPLOAD_MESSAGES.UPLOAD_PENDING };
}

export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['upload'];
  const service = app.integrations;
  const ToolParams = z.object({ connectionType: ConnectionTypeParamSchema });

  app.get(
    '/api/:connectionType/link',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The task tool's OAuth consent link for this session (state and PKCE bound to it)",
        params: ToolParams,
        response: { 200: OAuthLinkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = (await app.callerClient(request)).id;
      const tool = TOOL_BY_PARAM[request.params.connectionType];
      return { link: await service.authorizationLink(request.session!.sessionId, clientId, tool) };
    },
  );

  app.post(
    '/api/:connectionType/tokens',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Exchanges the OAuth code; answers an opaque connection handle, never the tool token',
        params: ToolParams,
        body: TokensRequestSchema,
        response: { 200: TokensResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = (await app.callerClient(request)).id;
      const tool = TOOL_BY_PARAM[request.params.connectionType];
      const { handle, account } = await service.connect(
        request.session!.sessionId,
        clientId,
        tool,
        request.body.userCode,
        request.body.state,
      );
      return { access_token: handle, data: account };
    },
  );

  // Each check is a call to the tool with the member's token: a page reloaded in a loop must not spend the app's
  // share of the tool's rate limit.
  const connectionCheckBudget = memberBudget(app, {
    name: 'connection-checks',
    perMinute: MEMBER_BUDGETS.CONNECTION_CHECKS_PER_MINUTE,
    refusal: (wait) => UPLOAD_MESSAGES.CONNECTION_CHECKS_PER_MINUTE(MEMBER_BUDGETS.CONNECTION_CHECKS_PER_MINUTE, wait),
  });

  app.post(
    '/api/:connectionType/resume',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Reuses the member's stored connection to the tool for a new sending, without a new consent, while the tool " +
          'still honours it (one call to the tool checks); otherwise `connected: false`, and the consent link is next',
        params: ToolParams,
        body: ResumeConnectionRequestSchema,
        response: { 200: ResumeConnectionResponseSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request) => {
      const clientId = (await app.callerClient(request)).id;
      await connectionCheckBudget(request, clientId);
      const resumed = await service.resume(clientId, TOOL_BY_PARAM[request.params.connectionType]);
      return resumed
        ? { connected: true as const, access_token: resumed.handle, data: resumed.account }
        : { connected: false as const };
    },
  );

  app.post(
    '/api/:connectionType/teams',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The places a plan can go: ClickUp's spaces of every authorized team (others: workspaces)",
        params: ToolParams,
        body: TeamsRequestSchema,
        response: { 200: TeamsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = (await app.callerClient(request)).id;
      const tool = TOOL_BY_PARAM[request.params.connectionType];
      return { teams: await service.workspaces(clientId, tool, request.body.accessToken) };
    },
  );

  app.post(
    '/api/:connectionType/workspaces',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The workspaces of the connected account',
        params: ToolParams,
        body: WorkspacesRequestSchema,
        response: { 200: WorkspacesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = (await app.callerClient(request)).id;
      const tool = TOOL_BY_PARAM[request.params.connectionType];
      const spaces = await service.workspaces(clientId, tool, request.body.accessToken);
      return { spaces, success: true, message: '' };
    },
  );

  const UploadParams = z.object({
    connectionType: ConnectionTypeParamSchema,
    workspaceId: Id,
    planId: PlanId,
    dbUserId: DbUserId,
  });

  /**
   * Queues the upload and answers at once (202) with the job to follow; this instance's worker starts it
   * now if it is free, any other instance may take it.
   */
  async function upload(
    request: FastifyRequest,
    reply: FastifyReply,
    params: z.infer<typeof UploadParams>,
    body: z.infer<typeof UploadPlanRequestSchema>,
    target: { workspaceId: string; teamId?: string },
  ) {
    const clientId = (await app.callerClient(request, { id: params.dbUserId }, ownerOnly)).id;
    const job = await service.enqueueUpload({
      clientId,
      tool: TOOL_BY_PARAM[params.connectionType],
      handle: body.accessToken,
      planId: params.planId,
      target,
      startDate: body.startDate,
    });
    app.jobs.runner
      .runOnce(job.id)
      .catch((error: unknown) => app.log.warn({ err: error, jobId: job.id }, 'upload job could not start'));
    reply.code(202);
    return { ...uploadAnswer(job), job_id: job.id, pending: true };
  }

  app.post(
    '/api/:connectionType/team/:workspaceId/upload-plan/:planId/database-id/:dbUserId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'After a workspace is chosen: Asana answers its teams; the other tools queue the upload (202)',
        params: UploadParams,
        body: UploadPlanRequestSchema,
        response: { 200: WorkspacesResponseSchema, 202: UploadAcceptedSpacesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { params, body } = request;
      const tool = TOOL_BY_PARAM[params.connectionType];
      if (tool === 'asana') {
        const clientId = (await app.callerClient(request, { id: params.dbUserId }, ownerOnly)).id;
        const spaces = await service.teams(clientId, tool, body.accessToken, params.workspaceId);
        return { spaces, success: true, message: '' };
      }
      const answer = await upload(request, reply, params, body, { workspaceId: params.workspaceId });
      return { spaces: [], success: answer.status, message: answer.message, job_id: answer.job_id };
    },
  );

  app.post(
    '/api/:connectionType/:endpoint/:workspaceId/upload-plan/:planId/database-id/:dbUserId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Queues a plan upload (Asana: into a team; ClickUp: into a space) and answers at once (202)',
        params: UploadParams.extend({ endpoint: z.enum(['teams', 'spaces', 'workspaces']) }),
        body: UploadPlanRequestSchema,
        response: { 202: UploadPlanResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { params, body } = request;
      const tool = uploadTool(params);
      if (tool === 'asana') {
        // The path carries the team; the project also names its workspace.
        if (!body.workspaceId) throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.SELECT_WORKSPACE);
        return upload(request, reply, params, body, { workspaceId: body.workspaceId, teamId: params.workspaceId });
      }
      return upload(request, reply, params, body, { workspaceId: params.workspaceId });
    },
  );

  app.post(
    '/api/:connectionType/:endpoint/:workspaceId/boards/:boardPlanId/upload-plan/:planId/database-id/:dbUserId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Queues a plan upload into a monday.com workspace as a board and answers at once (202)',
        params: UploadParams.extend({ endpoint: z.enum(['teams', 'spaces', 'workspaces']), boardPlanId: PlanId }),
        body: UploadPlanRequestSchema,
        response: { 202: UploadPlanResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { params, body } = request;
      uploadTool(params);
      return upload(request, reply, params, body, { workspaceId: params.workspaceId });
    },
  );

  /** An upload's state as its owner sees it. */
  async function jobState(clientId: number, jobId: number) {
    const { job, created, total, projectUrl, skipped } = await service.uploadProgress(clientId, jobId);
    return {
      job,
      answer: {
        job_id: job.id,
        state: job.status,
        ...uploadAnswer(job),
        created,
        total,
        project_url: projectUrl,
        skipped,
      },
    };
  }

  app.get(
    '/api/upload-jobs/:jobId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "An upload's progress (its owner only)",
        params: z.object({ jobId: DatabaseIdSchema }),
        response: { 200: UploadJobResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = (await app.callerClient(request)).id;
      return (await jobState(clientId, request.params.jobId)).answer;
    },
  );

  app.get(
    '/api/upload-jobs/:jobId/events',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Streams an upload's progress and outcome (text/event-stream; its owner only)",
        description:
          'Events carry the same body as GET /api/upload-jobs/{jobId}: `progress` whenever items are created or ' +
          'the state changes, then one `done` when the job has succeeded or failed, and the stream ends. A stream ' +
          'that ends without `done` (the server restarted) is to be opened again.',
        params: z.object({ jobId: DatabaseIdSchema }),
        response: { 200: z.unknown().describe('text/event-stream'), ...errors },
      },
    },
    async (request, reply) => {
      const clientId = (await app.callerClient(request)).id;
      const read = () => jobState(clientId, request.params.jobId);
      // Unknown or someone else's job: refused before the stream starts.
      const first = await read();
      const events = app.jobs.events.follow(first, read, { signal: abortedOnClose(reply), log: request.log });
      return sendEventStream(reply, events);
    },
  );

  app.post(
    '/api/upload-feedback',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Stores the answer of the feedback form shown after an upload',
        body: UploadFeedbackRequestSchema,
        response: { 200: UploadFeedbackResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = (await app.callerClient(request)).id;
      const jobId = request.body.job_id;
      if (jobId !== undefined) await service.uploadProgress(clientId, jobId);
      const [row] = await app.db
        .insert(uploadFeedback)
        .values({ clientId, jobId: jobId ?? null, rating: request.body.rating, comment: request.body.comment })
        .returning({ id: uploadFeedback.id });
      return { id: row!.id };
    },
  );

  app.get(
    '/monday/workspace/:name/database-id/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Creates a monday.com workspace with the connected account',
        params: z.object({ name: z.string().trim().min(1).max(100), id: DbUserId }),
        response: { 200: CreateWorkspaceResponseSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = (await app.callerClient(request, { id: request.params.id }, ownerOnly)).id;
      return service.createWorkspace(clientId, 'monday', request.params.name);
    },
  );
};
