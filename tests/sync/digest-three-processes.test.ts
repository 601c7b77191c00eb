import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/db/users';
import { dueDigestWeek } from '../../src/services/digest';
import { createTestDb } from '../helpers/db';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';

/**
 * Three built servers on one PostgreSQL database, each asking every minute (and at start)
 * whether the Monday digest is due, with one SMTP server in this process: the week's digest
 * arrives exactly once (docs/decisions/202-monday-digest.md).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A zone in which this week's digest is already due (Monday 08:00 has passed): UTC, or on a
 * Monday before 08:00 UTC, a zone far enough east that it is Monday afternoon there.
 */
function dueZone(now: Date): string {
  return dueDigestWeek(now, 'UTC') ? 'UTC' : 'Pacific/Kiritimati';
}

if (!process.env.DATABASE_URL) {
  describe('the Monday digest from three app processes', () => {
    it.skip('skipped: needs DATABASE_URL (several processes cannot share the embedded database)', () => {});
  });
} else {
  describe('the Monday digest from three app processes', () => {
    let upstream: UpstreamServer;
    let smtp: SMTPServer;
    let drop: () => Promise<void>;
    let query: (sql: string) => Promise<Record<string, unknown>[]>;
    const children: ChildProcess[] = [];
    const logs: string[] = [];
    const received: { to: string[]; raw: string }[] = [];
    const scratch = mkdtempSync(path.join(tmpdir(), 'agency-digest-'));
    const zone = dueZone(new Date());

    beforeAll(async () => {
      upstream = await startUpstreamServer();
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, done) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            done();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const smtpPort = (smtp.server.address() as AddressInfo).port;
      const created = await createTestDb();
      drop = created.drop;
      query = (sql) => created.db.query(sql);
      // The schema first, so the recipients exist before any process looks.
      const { migrate } = await import('../../src/db/migrate');
      await migrate(created.db);
      await createUser(created.db, {
        email: 'boss@agency.test',
        passwordHash: 'x',
        role: 'admin',
        approved: true,
      });
      for (let i = 0; i < 3; i++) {
        const child = spawn(process.execPath, [path.join(root, 'dist/server/server.js')], {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            NODE_ENV: 'production',
            HOST: '127.0.0.1',
            PORT: '0',
            DATA_DIR: path.join(scratch, `data-${i}`),
            DATABASE_URL: created.url!,
            AGENCY_TIMEZONE: zone,
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
            DIGEST_FROM: 'Agency Dashboard <dash@agency.test>',
            ...upstream.env,
          },
        });
        const log = (chunk: Buffer) => (logs[i] = (logs[i] ?? '') + chunk.toString());
        child.stdout?.on('data', log);
        child.stderr?.on('data', log);
        children.push(child);
      }
      const deadline = Date.now() + 60_000;
      while (children.some((_, i) => !(logs[i] ?? '').includes('listening on'))) {
        if (Date.now() > deadline) throw new Error(`servers did not start:\n${logs.join('\n')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }, 90_000);

    afterAll(async () => {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
      );
      await new Promise<void>((resolve) => smtp?.close(() => resolve()));
      await upstream?.close();
      await drop?.();
      rmSync(scratch, { recursive: true, force: true });
    }, 30_000);

    it('arrives once for the week, claimed by one of the three', async () => {
      // Each process asks at start; give them all time to have asked, and one to have sent.
      const deadline = Date.now() + 30_000;
      while (received.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 3_000));
      expect(received, logs.join('\n')).toHaveLength(1);
      expect(received[0]!.to).toEqual(['boss@agency.test']);
      const mail = await simpleParser(received[0]!.raw);
      expect(mail.subject).toMatch(/^Agency Dashboard: week of \d{4}-\d{2}-\d{2}$/);
      expect(mail.text).toContain('Open alerts');
      expect(mail.html).toContain('<h2>Open alerts');
      const weeks = await query('SELECT week_start, claimed_by, outcome FROM digest_weeks');
      expect(weeks).toHaveLength(1);
      expect(String(weeks[0]!.outcome)).toBe('smtp, 1 recipients');
      const digestLines = logs
        .join('\n')
        .split('\n')
        .filter((l) => l.startsWith('{"event":"digest"'));
      expect(digestLines).toHaveLength(1);
      console.log(
        `three processes, zone ${zone}: digests received ${received.length}, claimed by ${String(weeks[0]!.claimed_by)}`,
      );
    }, 60_000);
  });
}
