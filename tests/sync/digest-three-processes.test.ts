import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/db/users';
import { dueDigestWeek } from '../../src/services/digest';
import { createTestDb } from '../helpers/db';
import { startSmtpCatcher } from '../helpers/smtp';
import { type ServerProcesses, startServerProcesses } from '../helpers/server-processes';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';

/**
 * Three built servers on one PostgreSQL database, each offering the digest to the job queue at
 * start (and the queue's hourly job), with one SMTP server in this process: the week's digest
 * arrives exactly once (docs/decisions/202-monday-digest.md,
 * docs/decisions/403-catch-up-and-scheduling-on-the-queue.md).
 */

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
    let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | undefined;
    let drop: () => Promise<void>;
    let query: (sql: string) => Promise<Record<string, unknown>[]>;
    let servers: ServerProcesses | undefined;
    const zone = dueZone(new Date());

    beforeAll(async () => {
      upstream = await startUpstreamServer();
      const catcher = await startSmtpCatcher();
      smtp = catcher;
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
      servers = await startServerProcesses(3, created.url!, () => ({
        AGENCY_TIMEZONE: zone,
        SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
        DIGEST_FROM: 'Agency Dashboard <dash@agency.test>',
        ...upstream.env,
      }));
    }, 90_000);

    afterAll(async () => {
      await servers?.stop();
      await smtp?.close();
      await upstream?.close();
      await drop?.();
    }, 30_000);

    it('arrives once for the week, claimed by one of the three', async () => {
      // Each process asks at start; give them all time to have asked, and one to have sent.
      const deadline = Date.now() + 30_000;
      while (smtp!.received.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 3_000));
      expect(smtp!.received, servers!.logs.join('\n')).toHaveLength(1);
      expect(smtp!.received[0]!.to).toEqual(['boss@agency.test']);
      const mail = await simpleParser(smtp!.received[0]!.raw);
      expect(mail.subject).toMatch(/^Agency Dashboard: week of \d{4}-\d{2}-\d{2}$/);
      expect(mail.text).toContain('Open alerts');
      expect(mail.html).toMatch(/<h2[^>]*>Open alerts/);
      const weeks = await query('SELECT week_start, claimed_by, outcome FROM digest_weeks');
      expect(weeks).toHaveLength(1);
      expect(String(weeks[0]!.outcome)).toBe('smtp, 1 recipients');
      // The asks went through the queue engine, and its hourly timetable is kept once.
      const jobs = await query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'digest' AND state = 'completed'`,
      );
      expect(Number(jobs[0]!.n)).toBeGreaterThanOrEqual(1);
      expect(await query(`SELECT cron FROM pgboss.schedule WHERE name = 'digest'`)).toEqual([
        { cron: '0 * * * *' },
      ]);
      const digestLines = servers!.logs
        .join('\n')
        .split('\n')
        .filter((l) => l.startsWith('{"event":"digest"'));
      expect(digestLines).toHaveLength(1);
      console.log(
        `three processes, zone ${zone}: digests received ${smtp!.received.length}, claimed by ${String(weeks[0]!.claimed_by)}`,
      );
    }, 60_000);
  });
}
