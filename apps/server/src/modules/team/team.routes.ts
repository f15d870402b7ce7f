import {
  InvitationAcceptedSchema,
  InvitationTokenParamsSchema,
  InvitationViewSchema,
  MEMBER_BUDGETS,
  TEAM_MESSAGES,
  TeamInvitationRequestSchema,
  TeamInvitedSchema,
  TeammateIdParamsSchema,
  TeamSchema,
} from '@dpp/shared';
import { IdParamSchema } from '@dpp/shared/schemas/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors';
import { memberBudget } from '../../plugins/member-budget';
import {
  acceptInvitationAs,
  type EndTeammateAccess,
  invitationView,
  invite,
  removeTeammate,
  teamOf,
  withdrawInvitation,
} from './team.service';

/**
 * A member's team (ADR 0052): teammates invited by e-mail, who accept with an account of that address. What each
 * may do on a plan is set per plan (my-plans); removing a teammate ends it at once, through `endTeammateAccess`.
 */
export function teamRoutes(deps: { endTeammateAccess: EndTeammateAccess }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['team'];

    const invitationBudget = memberBudget(app, {
      name: 'team-invitations',
      perHour: MEMBER_BUDGETS.INVITATIONS_PER_HOUR,
      refusal: (wait) => TEAM_MESSAGES.INVITATIONS_PER_HOUR(MEMBER_BUDGETS.INVITATIONS_PER_HOUR, wait),
    });

    app.get(
      '/api/team',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: "The member's teammates, their invitations not accepted yet, and how many the membership allows",
          response: { 200: TeamSchema, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return teamOf(app.db, await app.callerClient(request));
      },
    );

    app.post(
      '/api/team/invitations',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary:
            'Invites someone to the team by name and e-mail: a single-use link for 7 days is mailed. The answer is the ' +
            'same whether the address has an account or not. 403 past the membership’s teammates (pending ' +
            'invitations count), 409 for a teammate already, 429 past the invitations an hour',
          body: TeamInvitationRequestSchema,
          response: { 201: TeamInvitedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const owner = await app.callerClient(request);
        await invitationBudget(request, owner.id);
        const answer = await invite(
          {
            db: app.db,
            mailer: app.adapters.mail,
            publicUrl: app.config.PUBLIC_URL,
            supportEmail: app.config.SUPPORT_EMAIL,
          },
          owner,
          request.body,
        );
        return reply.code(201).send(answer);
      },
    );

    app.delete(
      '/api/team/invitations/:id',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Withdraws an invitation not accepted yet: its link no longer works',
          params: IdParamSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await withdrawInvitation(app.db, await app.callerClient(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/team/invitations/:token',
      {
        schema: {
          tags,
          summary:
            'What the accept page shows of an invitation (no session needed): who invites, whom, and whether it can ' +
            'still be accepted. Nothing about accounts',
          params: InvitationTokenParamsSchema,
          response: { 200: InvitationViewSchema, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return invitationView(app.db, request.params.token);
      },
    );

    app.post(
      '/api/team/invitations/:token/accept',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary:
            'Accepts an invitation with the signed-in account, whose verified e-mail must be the invited one (403 ' +
            'naming it otherwise); 409 for one expired or used, 404 for one withdrawn',
          params: InvitationTokenParamsSchema,
          response: { 200: InvitationAcceptedSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => acceptInvitationAs(app.db, request.session!.user, request.params.token),
    );

    app.delete(
      '/api/team/:teammateId',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary:
            "Removes a teammate: their access to the member's plans ends at once and their tasks there are unassigned " +
            '(the owner text stays)',
          params: TeammateIdParamsSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await removeTeammate(
          app.db,
          await app.callerClient(request),
          request.params.teammateId,
          deps.endTeammateAccess,
        );
        return reply.code(204).send(null);
      },
    );
  };
}
