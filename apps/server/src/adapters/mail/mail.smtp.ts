import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { countUpstreamError } from '../../lib/metrics';
import type { Mailer, OutgoingMail } from '../../ports/mail.port';
import { mailOutbox } from '../../ports/mail.tables';

/** Sends through SMTP and records each message and its outcome in the outbox. */
export function smtpMailer(db: Database, smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail: OutgoingMail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...mail, status: 'pending' })
        .returning({ id: mailOutbox.id });
      try {
        await transport.sendMail({ from, ...mail });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', attempts: 1, sentAt: new Date() })
          .where(eq(mailOutbox.id, row!.id));
      } catch (error) {
        countUpstreamError('smtp');
        await db.update(mailOutbox).set({ status: 'failed', attempts: 1 }).where(eq(mailOutbox.id, row!.id));
        throw new AppError('UPSTREAM_FAILED', 'The e-mail could not be sent.', {
          service: 'smtp',
          cause: String(error),
        });
      }
    },
  };
}
