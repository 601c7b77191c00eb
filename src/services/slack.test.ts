import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/helpers/db';
import type { Db } from '../db/port';
import { evaluateAlerts } from './alerts';
import { createSlackNotifier } from './slack';

/**
 * Alerts as they open reach a Slack incoming webhook, here a local HTTP server: once each,
 * never a money alert, and upstream text can neither link nor mention anyone.
 */
const HOSTILE = 'Jira, <!here> <@U999> <https://evil.example|click me> & @channel';
let db: Db;
let drop: () => Promise<void>;
let server: Server;
let url: string;
const posts: { text: string; unfurl_links: boolean }[] = [];
const now = new Date('2026-11-25T12:00:00Z');

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      posts.push(JSON.parse(body));
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T0/B0/x`;

  // A money alert to be: an invoice 20 days overdue on a project named with markup.
  await db.query(
    `INSERT INTO projects (name, visible, forecast_project_id, forecast_overdue_amount) VALUES ($1, 1, 501, 900)`,
    [`<!everyone> Secret Client`],
  );
  await db.query(
    `INSERT INTO forecast_invoices (invoice_id, forecast_project_id, invoice_date, due_date, status, amount, paid)
     VALUES (1, 501, '2026-10-01', '2026-11-05', 'SENT', 900, 0)`,
  );
  // A non-money alert to be: the last refresh failed with an upstream message.
  await db.query(
    `INSERT INTO sync_runs (trigger, runner, started_at, finished_at, outcome, failure)
     VALUES ('schedule', 'test', $1, $1, 'succeeded', NULL), ('schedule', 'test', $2, $2, 'failed', $3)`,
    [new Date(now.getTime() - 3_600_000), new Date(now.getTime() - 60_000), HOSTILE],
  );
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await drop();
});

describe('Slack webhook for opened alerts', () => {
  it('posts the non-money alert once, escaped, and never the money alert', async () => {
    const slack = createSlackNotifier(url);
    const deps = {
      db,
      now,
      timeZone: 'UTC',
      qaStatus: 'Ready for QA Testing',
      publicHolidays: null,
      companyCurrency: 'USD',
      slack,
    };
    const first = await evaluateAlerts(deps);
    expect(first.opened.map((f) => f.rule).sort()).toEqual(['overdue', 'stale']);
    expect(posts).toHaveLength(1);
    const { text, unfurl_links } = posts[0]!;
    expect(unfurl_links).toBe(false);
    expect(text).toContain('*Stale data*');
    expect(text).not.toMatch(/[<>]/);
    expect(text).toContain('&lt;!here&gt;');
    expect(text).toContain('&amp;');
    expect(text).not.toContain('https://');
    expect(text).not.toMatch(/@channel/);
    expect(JSON.stringify(posts)).not.toContain('Secret Client');
    expect(JSON.stringify(posts)).not.toContain('overdue');

    // Still open on the next run: nothing new to say.
    await evaluateAlerts(deps);
    expect(posts).toHaveLength(1);
  });

  it('logs a webhook that fails and lets evaluation finish', async () => {
    const lines: string[] = [];
    const slack = createSlackNotifier('http://127.0.0.1:1/hook', { log: (l) => lines.push(l) });
    await slack.alertsOpened([
      { rule: 'blocked', subject: 'project:1', projectId: 1, numbers: {}, message: 'x' },
    ]);
    expect(lines[0]).toMatch(/^Slack could not be reached/);
  });
});
