import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer';

describe('createSmtpMailer', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a message with its text and HTML parts to every recipient', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Dashboard <dash@agency.test>');
    await mailer.send({
      to: ['ana@agency.test', 'ben@agency.test'],
      subject: 'Reset your password',
      text: 'Open https://dash.agency.test/reset/abc',
      html: '<p>Open <a href="https://dash.agency.test/reset/abc">the link</a></p>',
    });
    const mail = await simpleParser(received.at(-1)!);
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
