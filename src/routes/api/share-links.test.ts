import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import type { Db } from '../../db/port';
import type { ShareLinkJson } from '../../shared/share-links';

// Client retainer room links (docs/decisions/430-client-retainer-room.md): made, listed and
// revoked by admins; the room itself opens with the token alone.

const ZONE = 'Australia/Sydney';
/** 09:00 in Sydney on 2026-04-15, inside period 2 (April). */
let now = new Date('2026-04-14T23:00:00Z');
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let admin: string;
let retainerId: number;
let plainId: number;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db, {
    clock: () => now,
    env: { AGENCY_TIMEZONE: ZONE, AGENCY_NAME: 'Acme Studio' },
  });
  admin = await t.signIn('admin');
  const [r] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, team_name, visible, forecast_project_id, forecast_budget_type,
       forecast_currency, client_hourly_rate, jira_project_key, last_jira_sync, last_forecast_sync)
     VALUES ('Harbour Retainer', 'Team 1', 1, 8101, 'RETAINER', 'AUD', 180, 'HRB', now(), now())
     RETURNING id`,
  );
  retainerId = r!.id;
  const [p] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, visible, jira_project_key) VALUES ('Fixed Price Build', 1, 'FPB') RETURNING id`,
  );
  plainId = p!.id;
  await db.query(
    `INSERT INTO forecast_retainer_periods (id, project_id, period_number, status, locked, start_date,
       end_date, target_amount, actual_amount, actual_billable_minutes)
     VALUES (1, $1, 1, 'COMPLETED', true, '2026-03-01', '2026-03-31', 20000, 19250, 6420),
            (2, $1, 2, 'ACTIVE', false, '2026-04-01', '2026-04-30', 20000, 8760, 2910),
            (3, $1, 3, 'DRAFT', false, '2026-05-01', '2026-05-31', 21000, 0, 0)`,
    [retainerId],
  );
  await db.query(
    `INSERT INTO jira_epics (project_id, epic_key, issue_id, name, status_name, status_category_key)
     VALUES ($1, 'HRB-1', '1', 'Checkout rebuild', 'In Progress', 'indeterminate')`,
    [retainerId],
  );
  const issue = (
    key: string,
    summary: string,
    status: string,
    category: string,
    epic: string | null,
    doneAt: string | null,
  ) => [key, summary, status, category, epic, doneAt] as const;
  const issues = [
    issue('HRB-2', 'Card payments', 'Done', 'done', 'HRB-1', '2026-04-08T03:00:00Z'),
    issue('HRB-3', 'Wallet payments', 'In Progress', 'indeterminate', 'HRB-1', null),
    issue('HRB-4', 'Fix receipt email', 'Done', 'done', null, '2026-03-20T03:00:00Z'),
    issue('HRB-5', 'Old report', "Won't Do", 'done', null, '2026-04-09T03:00:00Z'),
    // Done at 00:30 on 1 May in Sydney: May's work, though it is still 30 April in UTC.
    issue('HRB-6', 'Gift cards', 'Done', 'done', 'HRB-1', '2026-04-30T14:30:00Z'),
  ];
  for (const [key, summary, status, category, epic, doneAt] of issues) {
    await db.query(
      `INSERT INTO jira_issues (project_id, issue_key, issue_id, summary, issue_type, status_id,
         status_name, status_category_key, updated_at, epic_key)
       VALUES ($1, $2, $2, $3, 'Task', $4, $4, $5, now(), $6)`,
      [retainerId, key, summary, status, category, epic],
    );
    if (doneAt)
      await db.query(
        `INSERT INTO jira_status_transitions (project_id, issue_key, history_id, at, to_status_id, to_status_name)
         VALUES ($1, $2, $2, $3, $4, $4)`,
        [retainerId, key, doneAt, status],
      );
  }
});
afterAll(() => drop());

async function makeLink(projectId: number, body: Record<string, unknown>) {
  const res = await t.request('POST', `/api/projects/${projectId}/share-links`, {
    cookie: admin,
    body: { label: 'Monthly report', expiresAt: '2026-12-31', rolling: true, ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id, url } = (await res.json()) as { id: number; url: string };
  return { id, path: new URL(url).pathname };
}
const open = (path: string, headers: Record<string, string> = {}) =>
  t.request('GET', path, { headers: { 'x-test-client-address': '198.51.100.20', ...headers } });
const list = async (projectId: number) =>
  (
    (await (
      await t.request('GET', `/api/projects/${projectId}/share-links`, { cookie: admin })
    ).json()) as {
      links: ShareLinkJson[];
    }
  ).links;

describe('a client link', () => {
  it('is shown once as a URL, and only the hash of its 128-bit token is stored', async () => {
    const { id, path } = await makeLink(retainerId, {});
    expect(path).toMatch(/^\/r\/[A-Za-z0-9_-]{22}$/);
    const token = path.slice(3);
    const [row] = await db.query<Record<string, unknown>>(
      'SELECT * FROM share_links WHERE id = $1',
      [id],
    );
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Buffer.from(row!.token_hash as Uint8Array).toString('latin1')).not.toContain(token);
  });

  it('opens the room without a session, sets no cookie, and is not indexed or referred', async () => {
    const { path } = await makeLink(retainerId, { label: 'Headers' });
    // Even a signed-in admin's session is neither read nor renewed here.
    const res = await open(path, { Cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('<script');
    expect(html).toContain('Acme Studio');
    expect(html).toContain('Harbour Retainer');
    expect(html).toContain('Retainer period 2: Apr 1, 2026 – Apr 30, 2026');
    // The client's own figures, in the project's currency; hours billed: 2910 min = 48.5.
    expect(html).toContain('A$20,000');
    expect(html).toContain('A$8,760');
    expect(html).toContain('48.5');
    // The running period's outcome as the P10-P90 range, labelled.
    expect(html).toContain('Period 2: where it is heading');
    expect(html).toContain('Forecast range (P10–P90)');
    // April's done work by epic, with the epic's progress; descoped and other months' are not.
    expect(html).toContain('HRB-1 Checkout rebuild');
    expect(html).toContain('Card payments');
    expect(html).toContain('2 of 3 tickets done (67%)');
    expect(html).not.toContain('Fix receipt email');
    expect(html).not.toContain('Old report');
    expect(html).not.toContain('Gift cards');
    expect(html).not.toMatch(/180|hourly|cost|margin/i);
  });

  it('is listed with its opens and last open, and every open is audited with a hashed address', async () => {
    const { id, path } = await makeLink(retainerId, { label: 'Counted' });
    await open(path);
    await open(path);
    const link = (await list(retainerId)).find((l) => l.id === id)!;
    expect(link).toMatchObject({ label: 'Counted', opens: 2, state: 'active', rolling: true });
    expect(link.lastOpenedAt).toBe(now.toISOString());
    const audit = await db.query<{ kind: string; after: { addressHash?: string; at?: string } }>(
      `SELECT kind, after FROM audit_log WHERE target LIKE '%: Counted' ORDER BY id`,
    );
    expect(audit.map((a) => a.kind)).toEqual([
      'share-link.create',
      'share-link.open',
      'share-link.open',
    ]);
    expect(audit[1]!.after.addressHash).toMatch(/^[0-9a-f]{16}$/);
    expect(audit[1]!.after.at).toBe(now.toISOString());
    expect(JSON.stringify(audit)).not.toContain('198.51.100.20');
  });

  it('gives the same plain 404 once revoked, once expired, and for an unknown token', async () => {
    const revoked = await makeLink(retainerId, { label: 'Revoked' });
    const expired = await makeLink(retainerId, { label: 'Expired', expiresAt: '2026-04-15' });
    expect((await open(revoked.path)).status).toBe(200);
    expect((await open(expired.path)).status).toBe(200);

    const res = await t.request('DELETE', `/api/share-links/${revoked.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { link: ShareLinkJson }).link.state).toBe('revoked');
    const again = await t.request('DELETE', `/api/share-links/${revoked.id}`, { cookie: admin });
    expect(again.status).toBe(404);

    const saved = now;
    now = new Date('2026-04-15T14:00:00Z'); // 00:00 on 16 April in Sydney
    try {
      const answers = await Promise.all(
        [revoked.path, expired.path, '/r/AAAAAAAAAAAAAAAAAAAAAA', '/r/short'].map(async (p) => {
          const r = await open(p);
          return { status: r.status, body: (await r.text()).replace(/nonce="[^"]*"/, '') };
        }),
      );
      for (const a of answers) expect(a).toEqual(answers[0]);
      expect(answers[0]!.status).toBe(404);
      expect(answers[0]!.body).not.toContain('Harbour');
    } finally {
      now = saved;
    }
    const states = Object.fromEntries((await list(retainerId)).map((l) => [l.label, l.state]));
    expect(states).toMatchObject({ Revoked: 'revoked', Expired: 'active' });
    const kinds = await db.query<{ kind: string }>(
      `SELECT kind FROM audit_log WHERE target LIKE '%: Revoked' ORDER BY id`,
    );
    expect(kinds.map((k) => k.kind)).toEqual([
      'share-link.create',
      'share-link.open',
      'share-link.revoke',
    ]);
  });

  it('rolls to the new period at 00:00 agency time on its first day', async () => {
    const { path } = await makeLink(retainerId, { label: 'Rolling' });
    const saved = now;
    try {
      now = new Date('2026-04-30T13:59:00Z'); // 23:59 on 30 April in Sydney
      expect(await (await open(path)).text()).toContain(
        'Retainer period 2: Apr 1, 2026 – Apr 30, 2026',
      );
      now = new Date('2026-04-30T14:00:00Z'); // 00:00 on 1 May in Sydney
      const may = await (await open(path)).text();
      expect(may).toContain('Retainer period 3: May 1, 2026 – May 31, 2026');
      expect(may).toContain('A$21,000');
      expect(may).toContain('Gift cards');
      expect(may).not.toContain('Card payments');
    } finally {
      now = saved;
    }
  });

  it('shows a fixed range as made, whatever the day', async () => {
    const { path } = await makeLink(retainerId, {
      label: 'March',
      rolling: false,
      from: '2026-03-01',
      to: '2026-03-31',
    });
    const html = await (await open(path)).text();
    expect(html).toContain('Mar 1, 2026 – Mar 31, 2026');
    expect(html).toContain('Period 1: Mar 1, 2026 – Mar 31, 2026 (completed)');
    expect(html).toContain('Fix receipt email');
    expect(html).not.toContain('Card payments');
  });

  it('shares a project without a retainer: its delivered work for the month', async () => {
    const { path } = await makeLink(plainId, { label: 'No retainer' });
    const html = await (await open(path)).text();
    expect(html).toContain('Fixed Price Build');
    expect(html).toContain('Apr 1, 2026 – Apr 30, 2026');
    expect(html).not.toContain('Target');
    expect(html).toContain('No tickets were done in this period yet.');
  });

  it('slows down one address that opens too often, not the others', async () => {
    const { path } = await makeLink(plainId, { label: 'Limited' });
    const from = { 'x-test-client-address': '192.0.2.99' };
    let status = 200;
    for (let i = 0; i < 61 && status === 200; i++) status = (await open(path, from)).status;
    expect(status).toBe(429);
    const busy = await open(path, from);
    expect(busy.status).toBe(429);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await open(path)).status).toBe(200);
  });
});

describe('bad input to the link calls', () => {
  const post = (body: unknown, id = retainerId) =>
    t.request('POST', `/api/projects/${id}/share-links`, { cookie: admin, body });
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    return ((await res.json()) as { message: string }).message;
  };

  it('names the field that is wrong, and makes nothing', async () => {
    const before = (await list(retainerId)).length;
    expect(await refusal(await post({ expiresAt: '2026-12-31', rolling: true }))).toMatch(/label/);
    expect(
      await refusal(await post({ label: ' ', expiresAt: '2026-12-31', rolling: true })),
    ).toMatch(/label/);
    expect(
      await refusal(await post({ label: 'x', expiresAt: '2026-02-30', rolling: true })),
    ).toMatch(/expiresAt/);
    expect(
      await refusal(await post({ label: 'x', expiresAt: '2026-04-14', rolling: true })),
    ).toMatch(/expiresAt must be today \(2026-04-15\) or later/);
    expect(
      await refusal(await post({ label: 'x', expiresAt: '2028-01-01', rolling: true })),
    ).toMatch(/expiresAt/);
    expect(
      await refusal(await post({ label: 'x', expiresAt: '2026-12-31', rolling: 'yes' })),
    ).toMatch(/rolling/);
    expect(
      await refusal(
        await post({ label: 'x', expiresAt: '2026-12-31', rolling: false, from: '2026-03-01' }),
      ),
    ).toMatch(/^to: /);
    expect(
      await refusal(
        await post({
          label: 'x',
          expiresAt: '2026-12-31',
          rolling: false,
          from: '2026-03-02',
          to: '2026-03-01',
        }),
      ),
    ).toMatch(/to must not be before from/);
    expect(
      await refusal(
        await post({ label: 'x', expiresAt: '2026-12-31', rolling: true, from: '2026-03-01' }),
      ),
    ).toMatch(/^from: /);
    expect(
      await refusal(await post({ label: 'x', expiresAt: '2026-12-31', rolling: true, extra: 1 })),
    ).toMatch(/extra/);
    expect((await list(retainerId)).length).toBe(before);
  });

  it('answers 404 for a project not on the dashboard and a link that does not exist', async () => {
    const res = await post({ label: 'x', expiresAt: '2026-12-31', rolling: true }, 999_999);
    expect(res.status).toBe(404);
    expect((await t.request('DELETE', '/api/share-links/999999', { cookie: admin })).status).toBe(
      404,
    );
    expect((await t.request('DELETE', '/api/share-links/abc', { cookie: admin })).status).toBe(400);
  });
});
