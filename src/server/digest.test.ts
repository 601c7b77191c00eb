import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/app';
import { createTestDb } from '../../tests/helpers/db';
import { setAlertUserState, setDigestSubscription } from '../db/alerts';
import type { Db } from '../db/port';
import { createUser } from '../db/users';
import { startSmtpCatcher } from '../../tests/helpers/smtp';
import { createSmtpMailer } from './smtp-mailer';
import { attentionCounts, viewerOf } from '../services/alerts';
import { dueDigestWeek, runDigest, startDigestJobs } from '../services/digest';
import { startJobQueue } from './job-queue';
import { JOB } from '../services/live/jobs';

/**
 * The Monday digest through a real SMTP server in this process, read back with mailparser:
 * its parts, its recipients, what each role sees, and the escaping of upstream text.
 */
const HOSTILE = `<script>alert("x")</script> & @here <!channel>`;
let db: Db;
let drop: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

async function user(email: string, role: 'admin' | 'staff' | 'user', approved = true) {
  const u = await createUser(db, { email, passwordHash: 'x', role, approved });
  return u!.id;
}

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  smtp = await startSmtpCatcher();

  await user('boss@agency.test', 'admin');
  await user('ops@agency.test', 'admin');
  const keen = await user('keen@agency.test', 'staff');
  await setDigestSubscription(db, keen, true);
  await user('quiet@agency.test', 'staff');
  const gone = await user('gone@agency.test', 'user', false);
  await setDigestSubscription(db, gone, true);

  const [p] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, visible) VALUES ($1, 1) RETURNING id`,
    [HOSTILE],
  );
  await db.query(
    `INSERT INTO alerts (rule, subject, project_id, money, opened_at, last_seen_at, message, numbers) VALUES
       ('overdue', $1, $2, true, '2026-11-20T09:00:00Z', now(), $3, '{}'),
       ('blocked', $1, $2, false, '2026-11-21T09:00:00Z', now(), $4, '{}')`,
    [
      `project:${p!.id}`,
      p!.id,
      `${HOSTILE}: $4,200 overdue for 17 days (due 2026-11-06).`,
      `${HOSTILE}: 6 blocked tickets in the active sprint Sprint 9.`,
    ],
  );
}, 60_000);
afterAll(async () => {
  await smtp.close();
  await drop();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await db.query('DELETE FROM digest_weeks');
  await db.query('DELETE FROM mail_outbox');
});

const monday0800London = new Date('2026-11-23T08:00:00Z'); // GMT in November
const digestDeps = (at: Date, withMailer = true) => ({
  db,
  mailer: withMailer
    ? createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Agency Dashboard <dash@agency.test>')
    : undefined,
  clock: () => at,
  timeZone: 'Europe/London',
  qaStatus: 'Ready for QA Testing',
  publicHolidays: null,
  runner: 'test',
});
const addresses = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : [m.to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);

describe('when the digest is due', () => {
  it('is due from Monday 08:00 in the agency zone for the rest of the week', () => {
    expect(dueDigestWeek(new Date('2026-11-23T07:59:59Z'), 'Europe/London')).toBeNull();
    expect(dueDigestWeek(new Date('2026-11-23T08:00:00Z'), 'Europe/London')).toBe('2026-11-23');
    expect(dueDigestWeek(new Date('2026-11-29T23:00:00Z'), 'Europe/London')).toBe('2026-11-23');
    // 08:00 in New York is 13:00 UTC in November.
    expect(dueDigestWeek(new Date('2026-11-23T12:59:00Z'), 'America/New_York')).toBeNull();
    expect(dueDigestWeek(new Date('2026-11-23T13:00:00Z'), 'America/New_York')).toBe('2026-11-23');
    // Summer time: 08:00 BST is 07:00 UTC.
    expect(dueDigestWeek(new Date('2026-06-15T07:00:00Z'), 'Europe/London')).toBe('2026-06-15');
  });
});

describe('the Monday digest by SMTP', () => {
  it('sends nothing before 08:00, then once for the week however often it is asked', async () => {
    expect(await runDigest(digestDeps(new Date('2026-11-23T07:59:00Z')))).toEqual({
      sent: false,
      reason: 'not_due',
    });
    expect(smtp.received).toHaveLength(0);
    const first = await runDigest(digestDeps(monday0800London));
    expect(first).toMatchObject({
      sent: true,
      weekStart: '2026-11-23',
      delivery: 'smtp',
      recipients: 3,
    });
    const again = await Promise.all([
      runDigest(digestDeps(new Date('2026-11-23T08:01:00Z'))),
      runDigest(digestDeps(new Date('2026-11-24T10:00:00Z'))),
    ]);
    expect(again.every((r) => !r.sent)).toBe(true);
    // One mail per person: each reads their own bell's count.
    expect(smtp.received).toHaveLength(3);
  });

  it('gives admins the money alerts and figures, subscribed staff neither, with a text and an HTML part', async () => {
    await runDigest(digestDeps(monday0800London));
    const mails = await Promise.all(smtp.received.map((r) => simpleParser(r.raw)));
    const forAdmins = mails.find((m) => addresses(m).includes('boss@agency.test'))!;
    const forStaff = mails.find((m) => addresses(m).includes('keen@agency.test'))!;
    expect(mails.map(addresses).sort()).toEqual([
      ['boss@agency.test'],
      ['keen@agency.test'],
      ['ops@agency.test'],
    ]);
    // Unsubscribed staff and unapproved accounts get nothing.
    expect(smtp.received.flatMap((r) => r.to)).not.toContain('quiet@agency.test');
    expect(smtp.received.flatMap((r) => r.to)).not.toContain('gone@agency.test');

    for (const m of mails) {
      expect(m.subject).toBe('Agency Dashboard: week of 2026-11-16');
      expect(m.from?.text).toContain('dash@agency.test');
      expect(m.text).toContain('Open alerts');
      expect(m.text).toContain('Tickets ready for QA last week (0)');
      expect(m.text).toContain('Story Points: 0\n');
      expect(m.text).toContain('Velocity Percentage: 0% (0 tracked points of 0 available)');
      expect(m.text).toContain('Total Hours: 0 min');
      expect(m.html).toBeTruthy();
    }
    expect(forAdmins.text).toContain('$4,200 overdue');
    expect(forAdmins.text).toContain('Invoices This Week: $0');
    expect(forAdmins.text).toContain('Internal Cost: $0');
    // Trends' running margin from its first week, never one week's invoices less its cost.
    expect(forAdmins.text).toContain('Cumulative Margin since 2026-09-07: $0');
    expect(forAdmins.text).not.toContain('Gross Margin');
    expect(forStaff.text).toContain('6 blocked tickets');
    expect(forStaff.text).not.toContain('overdue');
    expect(forStaff.text).not.toMatch(/Invoices|Margin|Cost/);
    expect(forStaff.html).not.toMatch(/Invoices|Margin|overdue|Cost/);
  });

  it("counts each person's open alerts as their bell does, as of the moment it is composed", async () => {
    const [boss] = await db.query<{ id: string }>(
      `SELECT id FROM users WHERE email = 'boss@agency.test'`,
    );
    const [overdue] = await db.query<{ id: number }>(
      `SELECT id FROM alerts WHERE rule = 'overdue'`,
    );
    await setAlertUserState(db, overdue!.id, boss!.id, {
      acknowledgedAt: monday0800London,
      snoozedUntil: null,
    });
    try {
      await runDigest(digestDeps(monday0800London));
      const mails = await Promise.all(smtp.received.map((r) => simpleParser(r.raw)));
      const to = (email: string) => mails.find((m) => addresses(m).includes(email))!;
      const asOf = 'as of Mon, Nov 23, 2026, 08:00 (Europe/London)';
      // The bell of each at that moment: boss acknowledged the overdue alert, ops did not, and
      // staff never see money alerts.
      const bell = async (email: string, isAdmin: boolean) => {
        const [u] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
          email,
        ]);
        const viewer = viewerOf({ id: u!.id, role: isAdmin ? 'admin' : 'staff' });
        return (await attentionCounts(db, viewer, monday0800London)).total;
      };
      expect(await bell('boss@agency.test', true)).toBe(1);
      expect(to('boss@agency.test').text).toContain(`Open alerts (1) ${asOf}`);
      expect(to('boss@agency.test').text).not.toContain('overdue for 17 days');
      expect(await bell('ops@agency.test', true)).toBe(2);
      expect(to('ops@agency.test').text).toContain(`Open alerts (2) ${asOf}`);
      expect(await bell('keen@agency.test', false)).toBe(1);
      expect(to('keen@agency.test').text).toContain(`Open alerts (1) ${asOf}`);
    } finally {
      await setAlertUserState(db, overdue!.id, boss!.id, {
        acknowledgedAt: null,
        snoozedUntil: null,
      });
    }
  });

  it('writes the week cost in COMPANY_CURRENCY', async () => {
    await runDigest({ ...digestDeps(monday0800London), companyCurrency: 'AUD' });
    const mails = await Promise.all(smtp.received.map((r) => simpleParser(r.raw)));
    const admin = mails.find((m) => addresses(m).includes('boss@agency.test'))!;
    expect(admin.text).toContain('Internal Cost: A$0');
    expect(admin.text).toContain('Cumulative Margin since 2026-09-07: A$0');
  });

  it('lays the HTML part out as tables with links back to the pages of the week', async () => {
    await runDigest({ ...digestDeps(monday0800London), origin: 'https://dash.agency.test' });
    const mails = await Promise.all(smtp.received.map((r) => simpleParser(r.raw)));
    const admin = mails.find((m) => addresses(m).includes('boss@agency.test'))!;
    const staff = mails.find((m) => addresses(m).includes('keen@agency.test'))!;
    expect(admin.html).toContain('<table');
    expect(admin.html).toContain('href="https://dash.agency.test/alerts"');
    expect(admin.html).toContain('href="https://dash.agency.test/developer?week=2026-11-16"');
    expect(admin.html).toContain('href="https://dash.agency.test/agency?week=2026-11-16"');
    expect(admin.html).toContain('href="https://dash.agency.test/agency?tab=trends"');
    // Staff cannot open the Agency Dashboard: their link goes to the projects.
    expect(staff.html).not.toContain('/agency?');
    expect(staff.html).toContain('href="https://dash.agency.test/"');
  });

  it('escapes upstream text in the HTML part, and keeps it readable in the text part', async () => {
    await runDigest(digestDeps(monday0800London));
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<!channel>');
    expect(mail.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; @here &lt;!channel&gt;',
    );
    expect(mail.text).toContain(HOSTILE);
  });

  it('keeps the digest in the outbox when the SMTP server refuses it, and sends it no second time', async () => {
    const deps = {
      ...digestDeps(monday0800London),
      mailer: createSmtpMailer('smtp://127.0.0.1:1', 'x@agency.test'),
    };
    const result = await runDigest(deps);
    expect(result).toMatchObject({ sent: true, delivery: 'outbox' });
    const kept = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
    expect(kept[0]!.n).toBe(3);
    const week = await db.query<{ outcome: string }>('SELECT outcome FROM digest_weeks');
    expect(week[0]!.outcome).toMatch(/^kept in the outbox/);
    expect((await runDigest(digestDeps(monday0800London))).sent).toBe(false);
  });
});

describe('the digest on the job queue at start', () => {
  it('is composed only after the first refresh and alert pass, so it counts what the bell counts', async () => {
    // The server's first refresh and alert pass, standing for evaluateAlerts at start: until it
    // ends, the stored data holds none of the alerts the bell will show.
    await db.query(`DELETE FROM alerts WHERE rule = 'velocity'`);
    let endPass!: () => void;
    const firstPass = new Promise<void>((resolve) => {
      endPass = resolve;
    });
    const pass = firstPass.then(() =>
      db.query(
        `INSERT INTO alerts (rule, subject, money, opened_at, last_seen_at, message, numbers)
         VALUES ('velocity', 'agency', false, '2026-11-23T07:00:00Z', now(), 'Velocity below 60% two weeks running.', '{}')`,
      ),
    );
    const jobs = await startJobQueue(db, {
      refreshIntervalSeconds: 300,
      refreshExpireSeconds: 600,
      log: () => {},
    });
    const started = startDigestJobs(jobs, digestDeps(monday0800London, false), { after: pass });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await db.query('SELECT 1 FROM mail_outbox')).toHaveLength(0);
      endPass();
      await expect
        .poll(async () => (await db.query('SELECT 1 FROM mail_outbox')).length, { timeout: 20_000 })
        .toBe(3);
      const [mail] = await db.query<{ text_body: string }>(
        `SELECT text_body FROM mail_outbox WHERE recipients ? 'keen@agency.test'`,
      );
      // Staff see the blocked alert and the velocity one the pass opened: the bell's 2.
      expect(mail!.text_body).toContain('Open alerts (2)');
      expect(mail!.text_body).toContain('Velocity below 60%');
      await started;
      // Asked again by the hour's job, or handed out twice: the week is sent once.
      await jobs.send(JOB.digest, {});
      jobs.wake(JOB.digest);
      await expect
        .poll(
          async () =>
            (
              await db.query(
                `SELECT 1 FROM pgboss.job WHERE name = '${JOB.digest}' AND state = 'completed'`,
              )
            ).length,
          { timeout: 20_000 },
        )
        .toBe(2);
      expect(await db.query('SELECT 1 FROM mail_outbox')).toHaveLength(3);
    } finally {
      await jobs.stop();
      await db.query(`DELETE FROM alerts WHERE rule = 'velocity'`);
    }
  });
});

describe('the Monday digest without SMTP (demo mode)', () => {
  it('goes to the outbox, which admins read in the app and nobody else can', async () => {
    const result = await runDigest(digestDeps(monday0800London, false));
    expect(result).toMatchObject({ sent: true, delivery: 'outbox', recipients: 3 });
    expect(smtp.received).toHaveLength(0);
    const t = createTestApp(db, { clock: () => monday0800London });
    const admin = await t.signIn('admin');
    const staff = await t.signIn('staff');
    const res = await t.request('GET', '/api/admin/outbox', { cookie: admin });
    expect(res.status).toBe(200);
    const { mails } = (await res.json()) as {
      mails: { subject: string; recipients: string[]; text: string; html: string }[];
    };
    expect(mails).toHaveLength(3);
    expect(mails.every((m) => m.subject === 'Agency Dashboard: week of 2026-11-16')).toBe(true);
    expect(mails.find((m) => m.recipients.includes('keen@agency.test'))!.text).not.toContain(
      'overdue',
    );
    expect((await t.request('GET', '/api/admin/outbox', { cookie: staff })).status).toBe(403);
    const page = await t.request('GET', '/agency/outbox', { cookie: admin });
    const html = await page.text();
    expect(html).toContain('Agency Dashboard: week of 2026-11-16');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert');
    // The HTML part is shown as mailed, in a sandboxed frame that runs no script.
    expect(html).toMatch(
      /<iframe[^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]*srcDoc=|<iframe[^>]*srcdoc=[^>]*sandbox=/i,
    );
    expect(html).toContain('Plain-text part');
  });
});
