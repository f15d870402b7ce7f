import {
  AccountDeletionInfoSchema,
  AccountDeletionLinkSentSchema,
  DeleteAccountRequestSchema,
  DeleteAccountResponseSchema,
  MEMBER_BUDGETS,
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
import { memberBudget } from '../../plugins/member-budget';
import { randomSecret, sha256 } from '../identity';
import { findJob } from '../jobs';
import { EXPORT_JOB_KIND, type MyDataService, myDataService } from './my-data.service';

declare module 'fastify' {
  interface FastifyInstance {
    myData: MyDataService;
  }
}

/**
 * An archive's job row is kept 8 days once finished: the archive's status reads its state for as long as the
 * archive's row is kept (7 days, my-data.repository.ts).
 */
const EXPORT_JOB_KEPT_MS = 8 * 86_400_000;

/** How often an instance sweeps archives whose hour is over (ADR 0040). */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Builds the service, gives the job worker the archive's handler and, with a background worker, schedules the
 * sweep of archives whose hour is over; call before registering the routes.
 */
export function registerMyData(app: FastifyInstance): void {
  const service = myDataService({ db: app.db, work: app.work });
  app.decorate('myData', service);
  app.jobs.handle(EXPORT_JOB_KIND, service.exportHandler, EXPORT_JOB_KEPT_MS);
  // Tests without a background worker sweep by hand.
  if (app.config.JOBS_POLL_INTERVAL_MS === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (sweeping) return;
      sweeping = service
        .sweepExports()
        .then((emptied) => app.log.debug({ emptied }, 'archives swept'))
        .catch((error: unknown) => app.log.warn({ err: error }, 'archives could not be swept'))
        .finally(() => {
          sweeping = null;
        });
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  // A sweep under way finishes before the database it writes to is closed.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
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
        summary:
          'Queues an archive of everything held about the caller; answers its single-use download token (202). ' +
          'One at a time and a few a day per member: beyond, 429 with Retry-After',
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
        summary:
          "What confirms the caller's account deletion: the password, an authenticator code, or (`email`) a link " +
          "mailed to the account's address",
        response: { 200: AccountDeletionInfoSchema, ...errors },
      },
    },
    async (request) => {
      await app.callerClient(request);
      return { confirm_with: await app.identity.ownerProof(request.session!) };
    },
  );

  const deletionLinkBudget = memberBudget(app, {
    name: 'deletion-links',
    perMinute: MEMBER_BUDGETS.DELETION_LINKS_PER_MINUTE,
    refusal: (wait) => MY_DATA_MESSAGES.LINKS_PER_MINUTE(MEMBER_BUDGETS.DELETION_LINKS_PER_MINUTE, wait),
  });

  app.post(
    '/api/my-data/delete-account/link',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Mails the link that confirms the deletion of an account without a password or a second factor (202): ' +
          'single-use, for 30 minutes, followed signed in; 409 for an account its password or code confirms',
        response: { 202: AccountDeletionLinkSentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const client = await app.callerClient(request);
      await service.assertMayLeave(client.id);
      // Each link is an e-mail we send: a member's asks are counted (MEMBER_BUDGETS).
      await deletionLinkBudget(request, client.id);
      reply.code(202);
      return app.identity.mailAccountDeletionLink(request.session!, MY_DATA_MESSAGES.LINK_NOT_NEEDED);
    },
  );

  app.post(
    '/api/my-data/delete-account',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Deletes the caller's account at once, confirmed by its password, its authenticator code or the mailed " +
          "link's token: subscription cancelled, task tools disconnected, data erased, every session ended; only " +
          'the invoice records stay, anonymised. The last administrator is refused (409)',
        body: DeleteAccountRequestSchema,
        response: { 200: DeleteAccountResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = await app.callerClient(request);
      await service.assertMayLeave(client.id);
      await app.identity.confirmOwner(
        request.session!,
        request.body,
        { userAgent: String(request.headers['user-agent'] ?? ''), ip: request.ip },
        {
          wrongPassword: MY_DATA_MESSAGES.WRONG_PASSWORD,
          linkRequired: MY_DATA_MESSAGES.LINK_REQUIRED,
          linkInvalid: MY_DATA_MESSAGES.LINK_INVALID,
        },
      );
      // At the provider first: a refusal there leaves the account as it was.
      await app.subscriptions.endAllForAccountDeletion(client.id);
      await service.eraseAccount(client.id);
      return { deleted: true as const };
    },
  );
};
