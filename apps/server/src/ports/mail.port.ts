/** A message ready to send: both an HTML and a plain-text body. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where answers go (a member's address on a Q&A question); never the recipient. */
  replyTo?: string;
}

/** Sends the product's e-mail. */
export interface Mailer {
  /** 'local' keeps mail in the outbox table, readable at /dev/mailbox. */
  readonly kind: 'local' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
}
