import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { identityCodes, users } from './identity.tables';

const AgeCodesRequestSchema = z
  .object({
    email: z.string().email().max(254),
    /** How long the mail should seem to have waited: past a day, a verification link has expired. */
    hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 365),
  })
  .strict();

/**
 * Sandbox only (registered with the local mailbox, never in production): makes the codes mailed to an
 * account older, so an expired link can be followed for real instead of waiting a day.
 */
export const identitySandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dev/mailbox/age',
    {
      schema: {
        tags: ['sandbox'],
        summary: "Sandbox: moves the expiry of an account's mailed codes back by the given hours",
        body: AgeCodesRequestSchema,
        response: { 200: z.object({ codes: z.number().int() }) },
      },
    },
    async (request) => {
      const [user] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, request.body.email.toLowerCase()))
        .limit(1);
      if (!user) throw new AppError('NOT_FOUND', 'No account was found for this e-mail address.');
      const aged = await app.db
        .update(identityCodes)
        .set({ expiresAt: sql`${identityCodes.expiresAt} - make_interval(hours => ${request.body.hours})` })
        // The mailed links only: the sign-up's proof stays with the browser, not in the mailbox.
        .where(and(eq(identityCodes.userId, user.id), inArray(identityCodes.purpose, ['verify', 'reset'])))
        .returning({ id: identityCodes.id });
      return { codes: aged.length };
    },
  );
};
