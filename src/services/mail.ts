/**
 * Outgoing e-mail as the app sees it. The Node server passes an SMTP mailer when `SMTP_URL` is
 * set (src/server/smtp-mailer.ts); without one (demo mode, Workers) callers keep the message
 * for an admin to read in the app instead.
 */
export interface MailMessage {
  to: string[];
  subject: string;
  /** Plain-text part: every mail has one. */
  text: string;
  /** HTML part; every upstream text in it must already be escaped. */
  html?: string;
}

export interface Mailer {
  /** Sends one message; rejects with a clear message when the SMTP server refuses it. */
  send(message: MailMessage): Promise<void>;
}
