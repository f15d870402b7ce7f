import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors';
import type { SandboxRecords } from '../../sandbox-records';

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
export const mailboxAgeRoutes: FastifyPluginAsyncZod<{ records: Pick<SandboxRecords, 'ageMailedCodes'> }> = async (
  app,
  { records },
) => {
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
      const codes = await records.ageMailedCodes(request.body.email, request.body.hours);
      if (codes === null) throw new AppError('NOT_FOUND', 'No account was found for this e-mail address.');
      return { codes };
    },
  );
};
