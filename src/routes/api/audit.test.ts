import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/helpers/db';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import type { Db } from '../../db/port';
import type { AuditEntryJson } from '../../shared/audit';
import { allowConsoleErrors } from '../../../tests/helpers/console';

// The audit log (docs/decisions/166): every change to shared data, who made it, when, before and
// after, written in the change's own transaction; filters and CSV for admins.
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let admin: string;
let staff: string;
let projectId: number;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
  admin = await t.signIn('admin', 'audit-admin@agency.test');
  staff = await t.signIn('staff', 'audit-staff@agency.test');
  const [p] = await db.query<{ id: number }>(
    `INSERT INTO projects (name, team_name, visible) VALUES ('Audited App', 'Team 1', 1) RETURNING id`,
  );
  projectId = p!.id;
  await db.query(
    `INSERT INTO selected_developers (account_id, display_name) VALUES ('dev-1', 'Dana Dev')`,
  );
});
afterAll(() => drop());

const entries = async (query = '') => {
  const res = await t.request('GET', `/api/admin/audit${query}`, { cookie: admin });
  expect(res.status).toBe(200);
  return ((await res.json()) as { entries: AuditEntryJson[] }).entries;
};

describe('the audit log', () => {
  it('records who changed what, with the values before and after', async () => {
    expect(
      (
        await t.request('PATCH', `/api/projects/${projectId}/team`, {
          cookie: staff,
          body: { teamName: 'Team 3' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('POST', '/api/developer-availability', {
          cookie: staff,
          body: { developers: { 'Dana Dev': { '2026-11-17': true } }, selectedDevelopersList: [] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('PUT', '/api/settings/story-points-per-developer-day', {
          cookie: admin,
          body: { storyPointsPerDeveloperDay: 1.5 },
        })
      ).status,
    ).toBe(200);

    const [points, days, team] = await entries();
    expect(team).toMatchObject({
      actorEmail: 'audit-staff@agency.test',
      kind: 'project.team',
      kindLabel: 'Team changed',
      target: `Audited App (project ${projectId})`,
      summary: 'Team changed: Team 1 → Team 3',
      before: { teamName: 'Team 1' },
      after: { teamName: 'Team 3' },
    });
    expect(Math.abs(Date.parse(team!.at) - Date.now())).toBeLessThan(60_000);
    expect(days).toMatchObject({
      kind: 'developers.availability',
      summary: '1 day changed',
      before: { days: { 'Dana Dev': { '2026-11-17': null } } },
      after: { days: { 'Dana Dev': { '2026-11-17': true } } },
    });
    expect(points).toMatchObject({
      actorEmail: 'audit-admin@agency.test',
      kind: 'settings.points-per-day',
      before: { storyPointsPerDeveloperDay: 1 },
      after: { storyPointsPerDeveloperDay: 1.5 },
    });
  });

  it('records nothing for a refused or failed change, nor for a save that changes nothing', async () => {
    const before = (await entries()).length;
    await t.request('PATCH', '/api/projects/999999/team', {
      cookie: staff,
      body: { teamName: 'Team 2' },
    });
    await t.request('DELETE', `/api/projects/${projectId}`, { cookie: staff });
    await t.request('POST', '/api/developer-availability', {
      cookie: staff,
      body: { developers: {}, selectedDevelopersList: [] },
    });
    await t.request('PATCH', `/api/projects/${projectId}/team`, {
      cookie: staff,
      body: { teamName: 'Team 3' },
    });
    expect(await entries()).toHaveLength(before);
  });

  it('keeps the change and its entry together: a change undone leaves no entry', async () => {
    allowConsoleErrors();
    const before = (await entries()).length;
    // The audit write fails inside the transaction: the team change is undone with it.
    await db.query(
      `ALTER TABLE audit_log ADD CONSTRAINT audit_test_refuses CHECK (kind <> 'project.visibility')`,
    );
    try {
      const res = await t.request('PATCH', `/api/projects/${projectId}/visibility`, {
        cookie: staff,
        body: { visible: 0 },
      });
      expect(res.status).toBe(500);
    } finally {
      await db.query('ALTER TABLE audit_log DROP CONSTRAINT audit_test_refuses');
    }
    const [row] = await db.query<{ visible: number }>(
      'SELECT visible FROM projects WHERE id = $1',
      [projectId],
    );
    expect(row!.visible).toBe(1);
    expect(await entries()).toHaveLength(before);
  }, 20_000);

  it('filters by person, kind and dates, and gives the same selection as CSV', async () => {
    const byStaff = await entries('?person=audit-staff');
    expect(byStaff.length).toBeGreaterThan(0);
    expect(byStaff.every((e) => e.actorEmail === 'audit-staff@agency.test')).toBe(true);
    const teams = await entries('?kind=project.team');
    expect(teams.map((e) => e.kind)).toEqual(['project.team']);
    expect(await entries('?from=2000-01-01&to=2000-01-31')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(`?from=${today}&to=${today}`)).length).toBeGreaterThan(0);

    const csv = await t.request('GET', '/api/admin/audit/csv?kind=project.team', { cookie: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log_/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('When (UTC),Who,Kind,What,Change,Before,After');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('audit-staff@agency.test,Team changed,Audited App');

    const bad = await t.request('GET', '/api/admin/audit?from=2026-12-01&to=2026-11-01', {
      cookie: admin,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(
      /from must not be after to/,
    );
  });

  it('shows admins the page with its filters, and no one else', async () => {
    const page = await t.request('GET', '/agency/audit?kind=project.team', { cookie: admin });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1');
    expect(html).toContain('Audit log');
    expect(html).toContain('href="/agency/audit" aria-current="page">Audit</a>');
    expect(html.split('data-testid="audit-entry"')).toHaveLength(2);
    // Before and after read as the field that changed, not as JSON.
    expect(html.replaceAll('<!-- -->', '')).toContain('teamName:</span> Team 1 → Team 3</li>');
    expect(html).not.toContain('{&quot;teamName&quot;');
    expect(html).toContain('href="/api/admin/audit/csv?kind=project.team"');
    const empty = await (
      await t.request('GET', '/agency/audit?from=2000-01-01&to=2000-01-02', { cookie: admin })
    ).text();
    expect(empty).toContain('No changes match these filters.');
    const refused = await (
      await t.request('GET', '/agency/audit?kind=nonsense', { cookie: admin })
    ).text();
    expect(refused).toContain('The filters were not applied: kind must be one of');
    const asStaff = await t.request('GET', '/agency/audit', { cookie: staff });
    expect(asStaff.status).toBe(302);
    expect(await (await t.request('GET', '/', { cookie: staff })).text()).not.toContain(
      '/agency/audit',
    );
  });
});
