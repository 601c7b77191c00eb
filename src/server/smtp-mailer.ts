import nodemailer from 'nodemailer';
import type { MailMessage, Mailer } from '../services/mail';

/** An SMTP mailer from `SMTP_URL` (smtp:// or smtps://, credentials in the URL). Node only. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}
