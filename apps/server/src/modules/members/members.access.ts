import { MEMBER_MESSAGES } from '@dpp/shared';
import { canUseCourseArea, canUseMembersArea } from '@dpp/shared/rules/membership';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { type ClientRow, findClientByEmail } from '../clients';

/** The membership facts of a client row, in the shape the shared rules read. */
const membershipFacts = (client: ClientRow) => ({
  is_toolkit_user: client.isToolkitUser,
  digipremium: client.digipremium,
  plan_name: client.planName,
});

async function callerClient(app: FastifyInstance, request: FastifyRequest): Promise<ClientRow | null> {
  await app.requireUser(request);
  return findClientByEmail(app.db, request.session!.user.email);
}

/** preHandler: a signed-in toolkit user or Premium Monthly Membership member (401 / 403 otherwise). */
export function requireMember(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const client = await callerClient(app, request);
    if (!client || !canUseMembersArea(membershipFacts(client))) {
      throw new AppError('FORBIDDEN', MEMBER_MESSAGES.MEMBERS_ONLY);
    }
  };
}

/** preHandler: a signed-in digipremium student or Premium Monthly Membership member (401 / 403 otherwise). */
export function requireCourseStudent(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const client = await callerClient(app, request);
    if (!client || !canUseCourseArea(membershipFacts(client))) {
      throw new AppError('FORBIDDEN', MEMBER_MESSAGES.COURSE_ONLY);
    }
  };
}
