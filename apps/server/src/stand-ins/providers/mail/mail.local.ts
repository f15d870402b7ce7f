import type { Database } from '../../../db/client';
import type { Mailer, OutgoingMail } from '../../../ports/mail.port';
import { mailOutbox } from '../../../ports/mail.tables';

/** Delivers to the outbox table: nothing leaves the machine, and /dev/mailbox shows every message. */
export function localMailer(db: Database): Mailer {
  return {
    kind: 'local',
    async send(mail: OutgoingMail) {
      await db.insert(mailOutbox).values({ ...mail, status: 'sent', attempts: 1, sentAt: new Date() });
    },
  };
}
