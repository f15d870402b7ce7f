import {
  AccountDeletionInfoSchema,
  DeleteAccountRequestSchema,
  DeleteAccountResponseSchema,
  MY_DATA_MESSAGES,
  MyDataDownloadHeadersSchema,
  MyDataExportParamsSchema,
  MyDataExportStartedSchema,
  MyDataExportStatusSchema,
} from '@dpp/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors';
import { randomSecret, sha256 } from '../identity';
import { findJob } from '../jobs';
import { EXPORT_JOB_KIND, type MyDataService, myDataService } from './my-data.service';

declare module 'fastify' {
  interface FastifyInstance {
    myData: MyDataService;
  }
}

/** Builds the service and gives the job worker the archive's handler; call before registering the routes. */
export function registerMyData(app: FastifyInstance): void {
  const service = myDataService({ db: app.db });
  app.decorate('myData', service);
  app.jobs.handle(EXPORT_JOB_KIND, service.exportHandler);
}

const errors = errorResponses(400, 401, 403, 404, 409, 429, 502);
const tags = ['my-data'];

/** "My data": the member's archive of their data, and the deletion of their account (ADR 0034). */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.myData;
  const jobState = async (jobId: number) => (await findJob(app.db, jobId))?.status ?? null;

  app.post(
    '/api/my-data/exports',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Queues an archive of everything held about the caller; answers its single-use download token (202)',
        response: { 202: MyDataExportStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const client = await app.callerClient(request);
      const token = randomSecret(32);
      const { job, answer } = await service.requestExport(client.id, { value: token, hash: sha256(token) });
      app.jobs.runner
        .runOnce(job.id)
        .catch((error: unknown) => app.log.warn({ err: error, jobId: job.id }, 'archive job could not start'));
      reply.code(202);
      return answer;
    },
  );

  app.get(
    '/api/my-data/exports/:exportId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "An archive's progress (its owner only)",
        params: MyDataExportParamsSchema,
        response: { 200: MyDataExportStatusSchema, ...errors },
      },
    },
    async (request) => {
      const client = await app.callerClient(request);
      return service.exportStatus(client.id, request.params.exportId, jobState);
    },
  );

  app.get(
    '/api/my-data/exports/:exportId/archive',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The archive (a zip): once, for its owner, with the token in X-Download-Token, within the hour',
        params: MyDataExportParamsSchema,
        headers: MyDataDownloadHeadersSchema.loose(),
        response: { 200: z.unknown().describe('application/zip'), ...errors },
      },
    },
    async (request, reply) => {
      const client = await app.callerClient(request);
      const token = request.headers['x-download-token'];
      const archive = await service.download(client.id, request.params.exportId, sha256(token));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="my-data-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(archive);
    },
  );

  app.get(
    '/api/my-data/account-deletion',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "What confirms the caller's account deletion: the password, an authenticator code or the e-mail",
        response: { 200: AccountDeletionInfoSchema, ...errors },
      },
    },
    async (request) => {
      await app.callerClient(request);
      return { confirm_with: await app.identity.ownerProof(request.session!) };
    },
  );

  app.post(
    '/api/my-data/delete-account',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Deletes the caller's account at once: subscription cancelled, task tools disconnected, data erased, " +
          'every session ended; only the invoice records stay, anonymised',
        body: DeleteAccountRequestSchema,
        response: { 200: DeleteAccountResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = await app.callerClient(request);
      await app.identity.confirmOwner(
        request.session!,
        request.body,
        { userAgent: String(request.headers['user-agent'] ?? ''), ip: request.ip },
        { wrongPassword: MY_DATA_MESSAGES.WRONG_PASSWORD, wrongEmail: MY_DATA_MESSAGES.WRONG_EMAIL },
      );
      // At the provider first: a refusal there leaves the account as it was.
      await app.subscriptions.endAllForAccountDeletion(client.id);
      await service.eraseAccount(client.id);
      return { deleted: true as const };
    },
  );
};
