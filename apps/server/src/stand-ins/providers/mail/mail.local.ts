import type { Mailer, OutgoingMail } from '../../../adapters/mail/mail.port';
import { mailOutbox } from '../../../adapters/mail/mail.tables';
import type { Database } from '../../../db/client';

/** Delivers to the outbox table: nothing leaves the machine, and /dev/mailbox shows every message. */
export function localMailer(db: Database): Mailer {
  return {
    kind: 'local',
    async send(mail: OutgoingMail) {
      await db.insert(mailOutbox).values({ ...mail, status: 'sent', attempts: 1, sentAt: new Date() });
    },
  };
}
