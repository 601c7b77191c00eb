import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../tests/helpers/smtp';
import { createSmtpMailer } from './smtp-mailer';

describe('createSmtpMailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(() => smtp.close());

  it('delivers a message with its text and HTML parts to every recipient', async () => {
    const mailer = createSmtpMailer(
      `smtp://127.0.0.1:${smtp.port}`,
      'Dashboard <dash@agency.test>',
    );
    await mailer.send({
      to: ['ana@agency.test', 'ben@agency.test'],
      subject: 'Reset your password',
      text: 'Open https://dash.agency.test/reset/abc',
      html: '<p>Open <a href="https://dash.agency.test/reset/abc">the link</a></p>',
    });
    const mail = await simpleParser(smtp.received.at(-1)!.raw);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.from?.text).toContain('dash@agency.test');
    const to = Array.isArray(mail.to) ? mail.to : [mail.to];
    expect(to.flatMap((a) => a?.value.map((v) => v.address))).toEqual([
      'ana@agency.test',
      'ben@agency.test',
    ]);
    expect(mail.text?.trim()).toBe('Open https://dash.agency.test/reset/abc');
    expect(mail.html).toContain('href="https://dash.agency.test/reset/abc"');
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'dash@agency.test');
    await expect(mailer.send({ to: ['a@agency.test'], subject: 'x', text: 'y' })).rejects.toThrow();
  });
});
