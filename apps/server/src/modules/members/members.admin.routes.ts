import {
  type MemberActionResult,
  MemberActionResultSchema,
  MemberDetailSchema,
  MemberListQuerySchema,
  MemberListSchema,
  MemberParamsSchema,
} from '@dpp/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../errors';
import { listMembers } from './members.admin.repository';
import { memberAdminService } from './members.admin.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['admin'];

/**
 * The members tab of /admin_panel: find members, read one member's page, act on their account. Administrators
 * only; each action is written to the audit log with the client id it names (audit.plugin.ts).
 */
export const memberAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = memberAdminService({ db: app.db, identity: app.identity });
  const caller = (request: FastifyRequest) => request.session!.user.email;

  app.get(
    '/api/admin/members',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Members matching a search and filters, newest first, one page at a time',
        querystring: MemberListQuerySchema,
        response: { 200: MemberListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { page, size, ...filters } = request.query;
      return { ...(await listMembers(app.db, filters, page, size)), page, size };
    },
  );

  app.get(
    '/api/admin/members/:clientId',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: "One member's page: record, billing, plans, uploads, AI usage, sessions and audit events",
        params: MemberParamsSchema,
        response: { 200: MemberDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.detail(request.params.clientId);
    },
  );

  const actions: Record<
    string,
    { summary: string; run: (request: FastifyRequest, clientId: number) => Promise<MemberActionResult> }
  > = {
    'end-sessions': {
      summary: 'Ends every session of the member',
      run: (_request, clientId) => service.endSessions(clientId),
    },
    'disable-sign-in': {
      summary: "Turns the member's sign-in off and ends their sessions (never one's own)",
      run: (request, clientId) => service.setSignIn(caller(request), clientId, false),
    },
    'enable-sign-in': {
      summary: "Turns the member's sign-in on again",
      run: (request, clientId) => service.setSignIn(caller(request), clientId, true),
    },
    'lift-lock': {
      summary: 'Forgets the failed sign-in attempts and waits of the member',
      run: (_request, clientId) => service.liftLock(clientId),
    },
    'resend-verification': {
      summary: 'Mails the member a new verification link',
      run: (_request, clientId) => service.resendVerification(clientId),
    },
    'grant-admin': {
      summary: 'Makes the member an administrator (never oneself)',
      run: (request, clientId) => service.setAdmin(caller(request), clientId, true),
    },
    'revoke-admin': {
      summary: 'Takes the administrator role away (never one’s own, never the last administrator’s)',
      run: (request, clientId) => service.setAdmin(caller(request), clientId, false),
    },
  };

  for (const [name, action] of Object.entries(actions)) {
    app.post(
      `/api/admin/members/:clientId/${name}`,
      {
        preHandler: app.requireAdmin,
        schema: {
          tags,
          summary: action.summary,
          params: MemberParamsSchema,
          response: { 200: MemberActionResultSchema, ...errors },
        },
      },
      (request) => action.run(request, request.params.clientId),
    );
  }
};
