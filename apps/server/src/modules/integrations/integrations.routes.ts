import {
  ConnectionTypeParamSchema,
  CreateWorkspaceResponseSchema,
  ErrorResponseSchema,
  OAuthLinkResponseSchema,
  TeamsRequestSchema,
  TeamsResponseSchema,
  TokensRequestSchema,
  TokensResponseSchema,
  UPLOAD_MESSAGES,
  UploadFeedbackRequestSchema,
  UploadFeedbackResponseSchema,
  UploadJobResponseSchema,
  UploadPlanRequestSchema,
  UploadPlanResponseSchema,
  WorkspacesRequestSchema,
  WorkspacesResponseSchema,
} from '@dpp/shared';
import { DatabaseIdSchema } from '@dpp/shared/schemas/ids';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TaskToolName } from '../../adapters/task-tools/task-tool.port';
import { AppError } from '../../errors';
import { findClientByEmail } from '../clients/clients.repository';
import { findJob, type JobRow } from '../jobs/jobs.service';
import { uploadFeedback } from './integrations.schema';
import { type IntegrationsService, integrationsService, UPLOAD_JOB_KIND } from './integrations.service';

declare module 'fastify' {
  interface FastifyInstance {
    integrations: IntegrationsService;
  }
}

/** Builds the service and gives the job worker its upload handler; call before registering the routes. */
export function registerIntegrations(app: FastifyInstance): void {
  const service = integrationsService({ db: app.db, config: app.config });
  app.decorate('integrations', service);
  app.jobs.handle(UPLOAD_JOB_KIND, service.uploadHandler);
}

const TOOL_BY_PARAM: Record<z.infer<typeof ConnectionTypeParamSchema>, TaskToolName> = {
  asana: 'asana',
  clickup: 'clickup',
  monday: 'monday',
  '1': 'asana',
  '2': 'clickup',
  '3': 'monday',
};

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  402: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  502: ErrorResponseSchema,
};

const Id = z.string().regex(/^[\w.-]{1,64}$/, 'not an id');
const PlanId = z.string().regex(/^[\w-]{1,64}$/, 'not a plan id');
const DbUserId = DatabaseIdSchema;

/** The caller's client id (the spec's database id). */
async function clientIdOf(app: FastifyInstance, request: FastifyRequest): Promise<number> {
  const client = await findClientByEmail(app.db, request.session!.user.email);
  if (!client) throw new AppError('FORBIDDEN', UPLOAD_MESSAGES.NOT_YOUR_ACCOUNT);
  return client.id;
}

/** The database id in a path must be the caller's own. */
async function ownClientId(app: FastifyInstance, request: FastifyRequest, dbUserId: number): Promise<number> {
  const clientId = await clientIdOf(app, request);
  if (clientId !== dbUserId) throw new AppError('FORBIDDEN', UPLOAD_MESSAGES.NOT_YOUR_ACCOUNT);
  return clientId;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a job to finish, running it on this instance when it is due and nobody holds it (so an
 * upload needs no background worker to make progress); another instance may take it just as well.
 */
async function settle(app: FastifyInstance, jobId: number, timeoutMs: number): Promise<JobRow | null> {
  const deadline = Date.now() + timeoutMs;
  // This instance starts the job at once when it is due, but the answer never waits past the deadline:
  // a long upload goes on in the background and the caller follows it by its id.
  let running: Promise<unknown> | null = null;
  for (;;) {
    const job = await findJob(app.db, jobId);
    if (!job || job.status === 'succeeded' || job.status === 'failed' || Date.now() >= deadline) return job;
    if (!running && job.status === 'queued' && job.runAt.getTime() <= Date.now()) {
      running = app.jobs.runner
        .runOnce(jobId)
        .catch((error: unknown) => app.log.warn({ err: error, jobId }, 'upload job could not start'))
        .finally(() => {
          running = null;
        });
    }
    await sleep(Math.min(100, Math.max(0, deadline - Date.now())));
  }
}

function uploadAnswer(job: JobRow | null, jobId: number) {
  if (job?.status === 'succeeded')
    return { status: true, message: UPLOAD_MESSAGES.UPLOADED, job_id: jobId, pending: false };
  if (job?.status === 'failed') {
    return { status: false, message: job.error ?? UPLOAD_MESSAGES.TRY_AGAIN, job_id: jobId, pending: false };
  }
  return { status: true, message: UPLOAD_MESSAGES.UPLOAD_PENDING, job_id: jobId, pending: true };
}

export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['upload'];
  const service = app.integrations;
  const waitMs = app.config.UPLOAD_WAIT_SECONDS * 1000;
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
      const clientId = await clientIdOf(app, request);
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
      const clientId = await clientIdOf(app, request);
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
      const clientId = await clientIdOf(app, request);
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
      const clientId = await clientIdOf(app, request);
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

  async function upload(
    request: FastifyRequest,
    params: z.infer<typeof UploadParams>,
    body: z.infer<typeof UploadPlanRequestSchema>,
    target: { workspaceId: string; teamId?: string },
  ) {
    const clientId = await ownClientId(app, request, params.dbUserId);
    const job = await service.enqueueUpload({
      clientId,
      tool: TOOL_BY_PARAM[params.connectionType],
      handle: body.accessToken,
      planId: params.planId,
      target,
      startDate: body.startDate,
    });
    return uploadAnswer(await settle(app, job.id, waitMs), job.id);
  }

  app.post(
    '/api/:connectionType/team/:workspaceId/upload-plan/:planId/database-id/:dbUserId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'After a workspace is chosen: Asana answers its teams; the other tools upload the plan at once',
        params: UploadParams,
        body: UploadPlanRequestSchema,
        response: { 200: WorkspacesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { params, body } = request;
      const tool = TOOL_BY_PARAM[params.connectionType];
      if (tool === 'asana') {
        const clientId = await ownClientId(app, request, params.dbUserId);
        const spaces = await service.teams(clientId, tool, body.accessToken, params.workspaceId);
        return { spaces, success: true, message: '' };
      }
      const answer = await upload(request, params, body, { workspaceId: params.workspaceId });
      return { spaces: [], success: answer.status, message: answer.message };
    },
  );

  app.post(
    '/api/:connectionType/:endpoint/:workspaceId/upload-plan/:planId/database-id/:dbUserId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Uploads a plan (Asana: into a team; ClickUp: into a space) and answers when the upload job ends',
        params: UploadParams.extend({ endpoint: z.enum(['teams', 'spaces', 'workspaces']) }),
        body: UploadPlanRequestSchema,
        response: { 200: UploadPlanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { params, body } = request;
      const tool = TOOL_BY_PARAM[params.connectionType];
      if (tool === 'asana') {
        // The path carries the team; the project also names its workspace.
        if (!body.workspaceId) throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.SELECT_WORKSPACE);
        return upload(request, params, body, { workspaceId: body.workspaceId, teamId: params.workspaceId });
      }
      return upload(request, params, body, { workspaceId: params.workspaceId });
    },
  );

  app.post(
    '/api/:connectionType/:endpoint/:workspaceId/boards/:boardPlanId/upload-plan/:planId/database-id/:dbUserId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Uploads a plan into a monday.com workspace as a board',
        params: UploadParams.extend({ endpoint: z.enum(['teams', 'spaces', 'workspaces']), boardPlanId: PlanId }),
        body: UploadPlanRequestSchema,
        response: { 200: UploadPlanResponseSchema, ...errors },
      },
    },
    async (request) => upload(request, request.params, request.body, { workspaceId: request.params.workspaceId }),
  );

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
      const clientId = await clientIdOf(app, request);
      const { job, created, total } = await service.uploadProgress(clientId, request.params.jobId);
      const answer = uploadAnswer(job, job.id);
      return { job_id: job.id, state: job.status, status: answer.status, message: answer.message, created, total };
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
      const clientId = await clientIdOf(app, request);
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
      const clientId = await ownClientId(app, request, request.params.id);
      return service.createWorkspace(clientId, 'monday', request.params.name);
    },
  );
};
