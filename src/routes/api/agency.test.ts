import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createTestDb } from '../../../tests/helpers/db';
import { countingDb, type Db } from '../../db/port';
import type { AgencyTimeData } from '../../shared/weekly-hours';
import { marginFigures, type GrossMarginsResponse } from '../../shared/margins';
import { insertAgencyFixture } from '../../../tests/fixtures/agency';

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await insertAgencyFixture(db);
  t = createTestApp(db);
  admin = await t.signIn('admin');
});
afterAll(() => drop());

const getJson = async <T>(path: string, cookie = admin): Promise<T> => {
  const res = await t.request('GET', path, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};

describe('who may read the agency figures', () => {
  const calls = ['/api/agency-time-entries?weekStart=2026-11-16', '/api/gross-margins'];

  for (const path of calls) {
    it(`answers ${path} with 401 when signed out`, async () => {
      const res = await t.request('GET', path);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(/not signed in/);
    });

    for (const role of ['user', 'staff'] as const) {
      it(`answers ${path} with 403 for a ${role}, without any figures`, async () => {
        const res = await t.request('GET', path, { cookie: await t.signIn(role) });
        expect(res.status).toBe(403);
        const body = (await res.json()) as Record<string, unknown>;
        expect(body.message).toMatch(/admin/);
        expect(Object.keys(body)).toEqual(['message']);
      });
    }

    it(`answers ${path} for an admin`, async () => {
      const res = await t.request('GET', path, { cookie: admin });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  }
});

describe('Weekly Hours and Gross Margins cover the same projects', () => {
  it('adds the weeks up to the gross margins: same hours, same internal cost', async () => {
    // Every fixture registration falls in these three weeks.
    const weeks = await Promise.all(
      ['2026-11-09', '2026-11-16', '2026-11-23'].map((w) =>
        getJson<AgencyTimeData>(`/api/agency-time-entries?weekStart=${w}`),
      ),
    );
    const margins = await getJson<GrossMarginsResponse>('/api/gross-margins');
    const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
    expect(sum(weeks.map((w) => w.totalHours))).toBe(
      sum(margins.projects.map((p) => p.totalHours)),
    );
    expect(sum(weeks.map((w) => w.totalInternalCost))).toBe(
      sum(margins.projects.map((p) => marginFigures(p).internalCost)),
    );
    const weekProjects = new Set(weeks.flatMap((w) => w.projectTimeData.map((p) => p.projectName)));
    // Gross Margins also lists an in-scope project with no time yet (at $0); Weekly Hours has no row.
    expect([...weekProjects].sort()).toEqual(
      margins.projects
        .filter((p) => p.totalHours > 0)
        .map((p) => p.name)
        .sort(),
    );
  });
});

describe('GET /api/agency-time-entries', () => {
  it('totals the week from Monday to Sunday, costing each hour at the rate in force that day', async () => {
    const week = await getJson<AgencyTimeData>('/api/agency-time-entries?weekStart=2026-11-16');
    expect(week.weekStart).toBe('2026-11-16');
    expect(week.weekEnd).toBe('2026-11-22');
    // Active dashboard projects only: 120 + 90 + 60 (Acme) + 45 (Globex) = 315 min. Initech (not
    // on the dashboard), Hooli (hidden) and Mia's vacation (no project) are left out; her Sunday
    // before and Monday after are other weeks.
    expect(week.totalHours).toBe(5.25);
    // Mia 2 h × $50 (Mon) + 1.5 h × $70 (Wed, after her rate changed) + Omar 1 h × $80 (Tue)
    // + Lena 0.75 h × $100 default = 100 + 105 + 80 + 75.
    expect(week.totalInternalCost).toBe(360);
    // Non-draft invoices dated in the week: 1500.50 (Mon, sent) + 999.49 (Sun, approved).
    expect(week.totalInvoicesSent).toBe(2499.99);
  });

  it('lists the Active dashboard projects with time that week, most hours first', async () => {
    const week = await getJson<AgencyTimeData>('/api/agency-time-entries?weekStart=2026-11-16');
    expect(
      week.projectTimeData.map((p) => [
        p.projectId,
        p.projectName,
        p.totalHours,
        p.timeEntries.length,
      ]),
    ).toEqual([
      [4001, 'Acme Support Retainer', 4.5, 3],
      [4002, 'Globex Checkout Revamp', 0.75, 1],
    ]);
  });

  it('gives each entry its date, person, hours and notes only when there are some', async () => {
    const week = await getJson<AgencyTimeData>('/api/agency-time-entries?weekStart=2026-11-16');
    const acme = week.projectTimeData.find((p) => p.projectId === 4001)!;
    expect(acme.timeEntries).toEqual([
      { id: 1, date: '2026-11-16', personName: 'Mia Chen', notes: 'Sprint planning', hours: 2 },
      { id: 3, date: '2026-11-17', personName: 'Omar Haddad', hours: 1 },
      { id: 2, date: '2026-11-18', personName: 'Mia Chen', hours: 1.5 },
    ]);
  });

  it('reads any day as the week that holds it', async () => {
    const fromSunday = await getJson<AgencyTimeData>(
      '/api/agency-time-entries?weekStart=2026-11-22',
    );
    expect(fromSunday.weekStart).toBe('2026-11-16');
    expect(fromSunday.totalHours).toBe(5.25);
  });

  it('answers a week with no time with zeros and an empty breakdown', async () => {
    const week = await getJson<AgencyTimeData>('/api/agency-time-entries?weekStart=2026-11-30');
    expect(week).toEqual({
      weekStart: '2026-11-30',
      weekEnd: '2026-12-06',
      currency: 'USD',
      totalHours: 0,
      totalInternalCost: 0,
      totalInvoicesSent: 0,
      invoicesSent: [],
      projectTimeData: [],
    });
  });

  it('shows the next week its own Monday and its own invoices', async () => {
    const week = await getJson<AgencyTimeData>('/api/agency-time-entries?weekStart=2026-11-23');
    // Mia's hour on Monday 2026-11-23 at $70; the 700 invoice dated that day is Initech's, which
    // is not on the dashboard.
    expect([week.totalHours, week.totalInternalCost, week.totalInvoicesSent]).toEqual([1, 70, 0]);
  });

  const bad: [string, string][] = [
    ['no weekStart', ''],
    ['a word', '?weekStart=monday'],
    ['an impossible date', '?weekStart=2026-02-30'],
    ['a date without zero padding', '?weekStart=2026-11-3'],
    ['a timestamp', '?weekStart=2026-11-16T00:00:00Z'],
    ['a year before 2000', '?weekStart=1999-12-27'],
    ['the same parameter twice', '?weekStart=2026-11-16&weekStart=2026-11-23'],
  ];
  for (const [what, query] of bad) {
    it(`answers ${what} with 400 and a message naming weekStart`, async () => {
      const res = await t.request('GET', `/api/agency-time-entries${query}`, { cookie: admin });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/weekStart/);
    });
  }
});

describe('GET /api/gross-margins', () => {
  it('lists the visible dashboard projects linked to Forecast, by name', async () => {
    const { projects } = await getJson<GrossMarginsResponse>('/api/gross-margins');
    // Hooli is hidden and Stark has no Forecast project.
    expect(projects.map((p) => [p.name, p.devStatus])).toEqual([
      ['Acme Support Retainer', 'Active'],
      ['Globex Checkout Revamp', 'Active'],
      ['Wayne Foundation Website', 'Active'],
    ]);
  });

  it('leaves out a project an admin marks Billing Blocked, On Hold or Finished, and takes it back once Active', async () => {
    const [globex] = await db.query<{ id: number }>(
      "SELECT id FROM projects WHERE name = 'Globex Checkout Revamp'",
    );
    const setStatus = (devStatus: string) =>
      t.request('PATCH', `/api/projects/${globex!.id}/dev-status`, {
        cookie: admin,
        body: { devStatus },
      });
    try {
      for (const devStatus of ['Billing Blocked', 'On Hold', 'Finished']) {
        const res = await setStatus(devStatus);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { project: { devStatus: string } }).project.devStatus).toBe(
          devStatus,
        );
        const { projects } = await getJson<GrossMarginsResponse>('/api/gross-margins');
        expect(projects.map((p) => p.name)).toEqual([
          'Acme Support Retainer',
          'Wayne Foundation Website',
        ]);
      }
      const refused = await setStatus('Halted');
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'devStatus: devStatus must be one of Active, Billing Blocked, On Hold, Finished',
      );
    } finally {
      expect((await setStatus('Active')).status).toBe(200);
    }
    const { projects } = await getJson<GrossMarginsResponse>('/api/gross-margins');
    expect(projects.map((p) => p.name)).toContain('Globex Checkout Revamp');
  });

  it('lets only admins set a dev status', async () => {
    const [globex] = await db.query<{ id: number; dev_status: string }>(
      "SELECT id, dev_status FROM projects WHERE name = 'Globex Checkout Revamp'",
    );
    for (const role of ['user', 'staff'] as const) {
      const res = await t.request('PATCH', `/api/projects/${globex!.id}/dev-status`, {
        cookie: await t.signIn(role),
        body: { devStatus: 'Billing Blocked' },
      });
      expect(res.status).toBe(403);
    }
    const [after] = await db.query<{ dev_status: string }>(
      'SELECT dev_status FROM projects WHERE id = $1',
      [globex!.id],
    );
    expect(after!.dev_status).toBe(globex!.dev_status);
  });

  it('breaks a project’s cost down per person and rate over all its time', async () => {
    const { projects } = await getJson<GrossMarginsResponse>('/api/gross-margins');
    const acme = projects.find((p) => p.name === 'Acme Support Retainer')!;
    // 120 + 60 (before Mia's change) + 90 + 60 (after) + Omar's 60 = 390 min.
    expect(acme.totalHours).toBe(6.5);
    expect(acme.totalInvoiced).toBe(12000);
    expect(acme.totalPaid).toBe(4000);
    expect(acme.costBreakdown).toEqual([
      { personId: 101, personName: 'Mia Chen', hours: 3, hourlyRate: 50, cost: 150 },
      { personId: 101, personName: 'Mia Chen', hours: 2.5, hourlyRate: 70, cost: 175 },
      { personId: 102, personName: 'Omar Haddad', hours: 1, hourlyRate: 80, cost: 80 },
    ]);
    // Cost 405; margin 12000 − 405 = 11595 = 96.625 % → 96.6; live 4000 − 405 = 3595 = 89.875 % → 89.9.
    expect(marginFigures(acme)).toEqual({
      internalCost: 405,
      grossMargin: 11595,
      marginPercent: 96.6,
      live: { margin: 3595, percent: 89.9 },
    });
  });

  it('leaves out the breakdown when no hour has a known cost rate, so $100/h applies', async () => {
    const { projects } = await getJson<GrossMarginsResponse>('/api/gross-margins');
    const globex = projects.find((p) => p.name === 'Globex Checkout Revamp')!;
    expect(globex).toEqual({
      id: globex.id,
      name: 'Globex Checkout Revamp',
      devStatus: 'Active',
      totalHours: 0.75,
      totalInvoiced: 50,
      totalPaid: 0,
      currency: 'USD',
    });
    // 0.75 h × $100 = 75; margin 50 − 75 = −25 = −50.0 %; nothing paid, so no live percentage.
    expect(marginFigures(globex)).toEqual({
      internalCost: 75,
      grossMargin: -25,
      marginPercent: -50,
      live: { margin: -75, percent: null },
    });
  });

  it('shows a project with no time and no invoices at zero, with margin % 0', async () => {
    const { projects } = await getJson<GrossMarginsResponse>('/api/gross-margins');
    const wayne = projects.find((p) => p.name === 'Wayne Foundation Website')!;
    expect(wayne.totalHours).toBe(0);
    expect(wayne.costBreakdown).toBeUndefined();
    expect(marginFigures(wayne).marginPercent).toBe(0);
  });

  it('reads all projects in one SQL query, however many there are', async () => {
    const counted = { queries: 0 };
    const app = createTestApp(countingDb(db, counted));
    const cookie = await app.signIn('admin');
    const queriesFor = async (path: string) => {
      counted.queries = 0;
      const res = await app.request('GET', path, { cookie });
      expect(res.status).toBe(200);
      return { queries: counted.queries, body: await res.json() };
    };
    for (const added of [0, 40]) {
      for (let i = 0; i < added; i++) {
        await db.query('INSERT INTO projects (name, forecast_project_id) VALUES ($1, $2)', [
          `Extra ${i}`,
          9000 + i,
        ]);
        await db.query(
          `INSERT INTO forecast_time_registrations (id, person_id, forecast_project_id, date, minutes, updated_at)
           VALUES ($1, 101, $2, '2026-11-16', 30, now())`,
          [1000 + i, 9000 + i],
        );
      }
      // Signing the request in costs the same queries on any call: /api/user is the baseline.
      const baseline = await queriesFor('/api/user');
      const margins = await queriesFor('/api/gross-margins');
      expect(margins.queries - baseline.queries).toBe(1);
      expect((margins.body as GrossMarginsResponse).projects.length).toBe(3 + added);
    }
  });
});
