import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/helpers/db';
import { CLIENT_USER_ID, HTML_NOTE, SYSTEM_USER_ID } from '../../mocks/forecast/data';
import { createForecastHandlers } from '../../mocks/forecast/handlers';
import type { Db } from '../../db/port';
import { UpstreamError } from '../http';
import { createForecastClient } from './client';
import { getSyncState } from '../../db/forecast';
import { syncTimeRegistrations } from './sync';

const BASE = 'https://forecast.test';
const KEY = 'demo-forecast-key';
const TODAY = '2026-11-19'; // a Thursday
const NOW = new Date('2026-11-19T19:00:00Z');

const mock = createForecastHandlers({ baseUrl: BASE, apiKey: KEY, today: TODAY });
const server = setupServer(...mock.handlers);
const forecast = createForecastClient({
  baseUrl: BASE,
  apiKey: KEY,
  companyCurrency: 'USD',
  sleep: async () => {},
  random: () => 0,
  maxRetries: 1,
});

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  ({ db, drop } = await createTestDb());
});
afterEach(() => {
  mock.setFaults(null);
  mock.requests.length = 0;
});
afterAll(async () => {
  server.close();
  await drop();
});

interface StoredRow {
  id: number;
  person_id: number;
  forecast_project_id: number | null;
  date: string;
  minutes: number;
  notes: string | null;
}

async function stored(): Promise<Map<number, string>> {
  const rows = await db.query<StoredRow & { updated_at: Date }>(
    'SELECT * FROM forecast_time_registrations ORDER BY id',
  );
  return new Map(rows.map((r) => [Number(r.id), JSON.stringify(r)]));
}

/** What changed between two snapshots of the stored registrations. */
function diff(before: Map<number, string>, after: Map<number, string>) {
  return {
    added: [...after.keys()].filter((id) => !before.has(id)),
    changed: [...after.keys()].filter((id) => before.has(id) && before.get(id) !== after.get(id)),
    removed: [...before.keys()].filter((id) => !after.has(id)),
  };
}

describe('the first time sync', () => {
  it('reads everything in ceil(rows / 500) pages plus six small lists and stores every registration', async () => {
    const rows = mock.data.timeRegistrations.length;
    const result = await syncTimeRegistrations(db, forecast, { now: NOW });

    const pages = mock.requests.filter((r) => r.startsWith('GET /api/v4/time_registrations?'));
    expect(pages).toHaveLength(Math.ceil(rows / 500));
    expect(mock.requests).toHaveLength(Math.ceil(rows / 500) + 6);
    expect(mock.requests).toEqual(
      expect.arrayContaining([
        'GET /api/v2/persons',
        'GET /api/v1/person_cost_periods',
        'GET /api/v1/projects',
        'GET /api/v1/clients',
        'GET /api/v1/invoices',
        'GET /api/v4/time_registrations/deleted?pageNumber=1&pageSize=500',
      ]),
    );
    expect(result).toMatchObject({
      full: true,
      registrationsUpserted: rows,
      registrationsDeleted: 0,
    });
    expect((await stored()).size).toBe(rows);
    // Each project with its client, and the clients by name: a deal's organisation matches one.
    const linked = await db.query<{ project: string; client: string }>(
      `SELECT fp.name AS project, c.name AS client FROM forecast_projects fp
       JOIN forecast_clients c ON c.id = fp.client_id ORDER BY fp.id`,
    );
    expect(linked).toHaveLength(mock.data.projects.length);
    expect(linked[0]).toEqual({ project: 'Acme Support Retainer', client: 'Acme' });
  });

  it("stores each registration's project as project, else the task's project, else none", async () => {
    const onTask = mock.data.timeRegistrations.find(
      (r) => r.project === null && r.task_project !== null,
    )!;
    const direct = mock.data.timeRegistrations.find((r) => r.project !== null)!;
    const internal = mock.data.timeRegistrations.find((r) => r.non_project_time !== null)!;
    const rows = await db.query<{
      id: number;
      forecast_project_id: number | null;
      minutes: number;
    }>(
      'SELECT id, forecast_project_id, minutes FROM forecast_time_registrations WHERE id = ANY($1::bigint[]) ORDER BY id',
      [`{${[onTask.id, direct.id, internal.id].join(',')}}`],
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    expect(byId.get(onTask.id)).toMatchObject({
      forecast_project_id: onTask.task_project,
      minutes: onTask.time_registered,
    });
    expect(byId.get(direct.id)).toMatchObject({ forecast_project_id: direct.project });
    expect(byId.get(internal.id)).toMatchObject({ forecast_project_id: null });
  });

  it('keeps notes exactly as typed, markup included', async () => {
    const [row] = await db.query<{ notes: string }>(
      'SELECT notes FROM forecast_time_registrations WHERE notes LIKE $1',
      ['%<script>%'],
    );
    expect(row?.notes).toBe(HTML_NOTE);
  });

  it('copies staff only, and cost periods as date ranges', async () => {
    const persons = await db.query<{ id: number }>('SELECT id FROM forecast_persons ORDER BY id');
    expect(persons.map((p) => p.id)).toEqual(
      mock.data.spine.developers.map((d) => d.forecastPersonId).sort((a, b) => a - b),
    );
    expect(persons.map((p) => p.id)).not.toContain(SYSTEM_USER_ID);
    expect(persons.map((p) => p.id)).not.toContain(CLIENT_USER_ID);

    // The first developer's rate changes on a Wednesday in the current week: $80 from 2026-11-18.
    const first = mock.data.spine.developers[0]!;
    const periods = await db.query<{
      start_date: string | null;
      end_date: string | null;
      cost: number;
    }>(
      'SELECT start_date, end_date, cost FROM forecast_person_cost_periods WHERE person_id = $1 ORDER BY start_date NULLS FIRST',
      [first.forecastPersonId],
    );
    expect(periods.slice(-2)).toEqual([
      { start_date: expect.any(String), end_date: '2026-11-17', cost: first.costRate - 5 },
      { start_date: '2026-11-18', end_date: null, cost: first.costRate },
    ]);
  });

  it('remembers the newest change it saw as the cursor', async () => {
    const newest = mock.data.timeRegistrations.reduce(
      (max, r) => (r.updated_at > max ? r.updated_at : max),
      '',
    );
    const state = await getSyncState(db);
    expect(state.timeRegistrationsUpdatedAfter?.toISOString()).toBe(new Date(newest).toISOString());
    expect(state.lastTimeSync).toEqual(NOW);
  });
});

describe('incremental time syncs', () => {
  it('changes nothing when nothing changed upstream, reading one small page', async () => {
    const before = await stored();
    const result = await syncTimeRegistrations(db, forecast, { now: NOW });
    expect(result.full).toBe(false);
    expect(diff(before, await stored())).toEqual({ added: [], changed: [], removed: [] });
    expect(mock.requests.filter((r) => r.includes('/updated_after/'))).toHaveLength(1);
    expect(mock.requests).toHaveLength(7);
  });

  it('applies exactly the registrations added, changed and deleted upstream', async () => {
    const before = await stored();
    const [toChange, toDelete] = mock.data.timeRegistrations.filter(
      (r) => r.date === TODAY && r.task_project !== null,
    );
    const added = mock.addRegistration({
      time_registered: 90,
      billable_minutes_registered: 90,
      notes: 'Hotfix after release',
    });
    mock.updateRegistration(toChange!.id, { time_registered: 15, notes: 'Corrected' });
    mock.deleteRegistration(toDelete!.id);

    const result = await syncTimeRegistrations(db, forecast, {
      now: new Date('2026-11-19T20:00:00Z'),
    });
    const after = await stored();
    expect(diff(before, after)).toEqual({
      added: [added.id],
      changed: [toChange!.id],
      removed: [toDelete!.id],
    });
    expect(result.registrationsDeleted).toBe(1);
    expect(JSON.parse(after.get(toChange!.id)!)).toMatchObject({ minutes: 15, notes: 'Corrected' });
    expect(JSON.parse(after.get(added.id)!)).toMatchObject({
      minutes: 90,
      forecast_project_id: added.task_project,
      date: TODAY,
    });
  });

  it('is idempotent: the same run again changes nothing', async () => {
    const before = await stored();
    const state = await getSyncState(db);
    await syncTimeRegistrations(db, forecast, { now: new Date('2026-11-19T20:05:00Z') });
    expect(diff(before, await stored())).toEqual({ added: [], changed: [], removed: [] });
    expect((await getSyncState(db)).timeRegistrationsUpdatedAfter).toEqual(
      state.timeRegistrationsUpdatedAfter,
    );
  });

  it('writes nothing and keeps its cursor when Forecast fails mid-run', async () => {
    const before = await stored();
    const state = await getSyncState(db);
    const invoicesBefore = JSON.stringify(
      await db.query('SELECT * FROM forecast_invoices ORDER BY forecast_project_id, invoice_id'),
    );
    mock.addRegistration({ notes: 'never stored' });
    mock.data.invoices.splice(0, 1);
    mock.setFaults({ serverErrors: { times: 10 }, match: '/deleted' });

    const error = await syncTimeRegistrations(db, forecast, {
      now: new Date('2026-11-19T21:00:00Z'),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(diff(before, await stored())).toEqual({ added: [], changed: [], removed: [] });
    expect(
      JSON.stringify(
        await db.query('SELECT * FROM forecast_invoices ORDER BY forecast_project_id, invoice_id'),
      ),
    ).toBe(invoicesBefore);
    expect(await getSyncState(db)).toEqual(state);

    // Once Forecast recovers, the next run catches up.
    mock.setFaults(null);
    const result = await syncTimeRegistrations(db, forecast, {
      now: new Date('2026-11-19T21:05:00Z'),
    });
    expect(diff(before, await stored()).added).toHaveLength(1);
    expect(result.registrationsUpserted).toBeGreaterThanOrEqual(1);
  });
});
