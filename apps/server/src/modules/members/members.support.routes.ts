import { MEMBER_MESSAGES } from '@dpp/shared';
import { SendEmailRequestSchema } from '@dpp/shared/schemas/members';
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../errors';
import { escapeHtml } from '../../lib/escape-html';
import type { Mailer, OutgoingMail } from '../../ports/mail.port';
import { mailOutbox } from '../../ports/mail.tables';
import { requireMember } from './members.access';

const HOUR_MS = 60 * 60 * 1000;

/** The question as the support team receives it; answering goes to the member's account address. */
function questionMail(input: {
  support: string;
  account: string;
  contact: string;
  subject: string;
  body: string;
}): OutgoingMail {
  const lines = [
    `From member: ${input.account}`,
    ...(input.contact !== input.account ? [`Contact e-mail given in the form: ${input.contact}`] : []),
    '',
    input.body,
  ];
  return {
    to: input.support,
    replyTo: input.account,
    subject: `Q&A question: ${input.subject}`,
    text: lines.join('\n'),
    html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#0f172a">${lines
      .map((l) => `<p style="margin:0 0 8px;white-space:pre-wrap">${escapeHtml(l)}</p>`)
      .join('')}</body></html>`,
  };
}

/**
 * POST /email/send-email: a member's Q&A question (members-area rule), to the support address only (never a relay),
 * with the user's own address as reply-to; a few per user per hour, and a limit per network address.
 */
export function supportRoutes(mailer: Mailer): FastifyPluginAsyncZod {
  return async (app) => {
    const perHour = app.config.SUPPORT_QUESTIONS_PER_HOUR;
    const support = app.config.SUPPORT_EMAIL.toLowerCase();

    app.post(
      '/email/send-email',
      {
        // The form lives in the members area: its access rule, not only a session.
        preHandler: requireMember(app),
        config: { rateLimit: { max: perHour * 4, timeWindow: '1 hour' } },
        schema: {
          tags: ['members'],
          summary: 'Sends a Q&A question to the support team (only there)',
          body: SendEmailRequestSchema,
          response: {
            200: z.object({ ok: z.literal(true) }),
            ...errorResponses(400, 401, 403, 429, 502),
          },
        },
      },
      async (request) => {
        const { from, to, subject, body } = request.body;
        if (to !== support) throw new AppError('VALIDATION_FAILED', MEMBER_MESSAGES.SUPPORT_ONLY);
        const account = request.session!.user.email;
        // Counted from the outbox, so the limit holds across restarts and instances.
        const [sent] = await app.db
          .select({ n: count() })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.to, support),
              eq(mailOutbox.replyTo, account),
              gt(mailOutbox.createdAt, new Date(Date.now() - HOUR_MS)),
            ),
          );
        if ((sent?.n ?? 0) >= perHour) throw new AppError('RATE_LIMITED', MEMBER_MESSAGES.TOO_MANY_QUESTIONS);
        await mailer.send(questionMail({ support, account, contact: from, subject, body }));
        return { ok: true as const };
      },
    );
  };
}
