import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/port';
import type { SyncRunJson } from '../../src/shared/sync-runs';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';
import { DEMO_ON_DASHBOARD, seedForInputTests } from '../security/calls';

// One bad record never stops a sync (docs/decisions/375). Jira, Forecast and Pipedrive stand-ins,
// real HTTP servers, hold each hostile record an attack run found: an impossible date (February
// 30) in a time entry, an invoice, a person, a holiday and an allocation; a duplicated person,
// allocation, deal and stage id; two Jira issues with one key; a Jira `status` of the shape of
// Atlassian's own OpenAPI examples; deals in "USDT" and "US$"; missing fields. One Sync now
// stores everything else, and the sync page names every record it skipped.

const IMPOSSIBLE = '2026-02-30';
let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let upstream: UpstreamServer;
let admin: string;
let run: SyncRunJson;

/** What the test spoiled, and the reason each must be skipped with. */
const expected: { what: string; reason: RegExp }[] = [];
const skip = (what: string, reason: RegExp) => expected.push({ what, reason });

// The ids and keys the test checks in the stored copy afterwards.
const hostile = {
  registrationId: 0,
  invoiceId: 0,
  badPersonId: 0,
  twinPersonId: 0,
  twinPersonName: '',
  fractionalPersonId: 0,
  badAllocationId: 0,
  twinAllocationId: 0,
  oddStatusKey: '',
  ancientKey: '',
  changedKey: '',
  twinIssueKey: '',
  twinIssueId: '',
  dealIds: [] as number[],
  twinDealId: 0,
  twinDealTitle: '',
  twinStageId: 0,
  twinStageName: '',
};
let counts: { registrations: number; openDeals: number };

/** A fresh id above every id of `rows`. */
const above = (rows: readonly { id: number }[], by = 1) => Math.max(...rows.map((r) => r.id)) + by;

function spoilForecast() {
  const data = upstream.data.forecast;
  const later = new Date(Math.max(Date.now(), Date.parse(data.now)) + 60_000).toISOString();

  const registration = {
    ...data.timeRegistrations[0]!,
    id: above(data.timeRegistrations),
    date: IMPOSSIBLE,
    updated_at: later,
  };
  data.timeRegistrations.push(registration);
  hostile.registrationId = registration.id;
  skip(
    'a time entry dated February 30',
    new RegExp(`^Forecast time registration ${registration.id}: date: expected a real`),
  );

  const unreadable = {
    ...data.timeRegistrations[1]!,
    id: above(data.timeRegistrations, 2),
    updated_at: 'yesterday',
  };
  data.timeRegistrations.push(unreadable);
  skip(
    'a time entry changed "yesterday"',
    new RegExp(
      `^Forecast time registration ${unreadable.id}: updated_at: expected a date and time`,
    ),
  );

  // An invoice of a project not on the dashboard: only the agency-wide copy reads it.
  const invoice = data.invoices.find((i) => i.project_id !== DEMO_ON_DASHBOARD.forecastProjectId)!;
  const badInvoice = { ...invoice, id: above(data.invoices), created_date: IMPOSSIBLE };
  data.invoices.push(badInvoice);
  hostile.invoiceId = badInvoice.id;
  skip(
    'an invoice dated February 30',
    new RegExp(`^Forecast invoice ${badInvoice.id}: created_date: expected a real`),
  );

  const staff = data.persons.filter((p) => p.active && !p.is_system_user && p.client_id == null);
  const badPerson = { ...staff[0]!, id: above(data.persons), start_date: IMPOSSIBLE };
  data.persons.push(badPerson);
  hostile.badPersonId = badPerson.id;
  // Read by the agency-wide copy and by capacity: skipped by both, counted once.
  skip(
    'a person who starts on February 30',
    new RegExp(`^Forecast person ${badPerson.id}: start_date: expected a real`),
  );
  // Minutes with a fraction are rounded, not refused: the integer column takes them.
  const fractional = staff[2]!;
  fractional.monday = 450.5;
  hostile.fractionalPersonId = fractional.id;
  const twin = staff[1]!;
  data.persons.push({ ...twin, first_name: 'Twin', last_name: 'Impostor' });
  hostile.twinPersonId = twin.id;
  hostile.twinPersonName = `${twin.first_name} ${twin.last_name}`;
  skip(
    'a second person with an id already given',
    new RegExp(`^Forecast person ${twin.id}: id ${twin.id} appears twice in the answer`),
  );

  const capacity = data.capacity;
  const calendar = capacity.holidayCalendars[0]!;
  const entry = {
    ...capacity.holidayCalendarEntries[0]!,
    id: above(capacity.holidayCalendarEntries),
    holiday_calendar_id: calendar.id,
    year: 2026,
    month: 2,
    day: 30,
    name: 'Leap of faith',
  };
  capacity.holidayCalendarEntries.push(entry);
  skip(
    'a holiday on February 30',
    new RegExp(`^Forecast holiday calendar entry ${entry.id}: day: the year, month and day`),
  );
  const allocation = capacity.allocations.find((a) => a.person != null)!;
  const badAllocation = { ...allocation, id: above(capacity.allocations), end_date: IMPOSSIBLE };
  capacity.allocations.push(badAllocation);
  hostile.badAllocationId = badAllocation.id;
  skip(
    'an allocation ending on February 30',
    new RegExp(`^Forecast allocation ${badAllocation.id}: end_date: expected a real`),
  );
  const negative = { ...allocation, id: above(capacity.allocations, 2), monday: -60 };
  capacity.allocations.push(negative);
  skip(
    'an allocation of less than no minutes a day',
    new RegExp(`^Forecast allocation ${negative.id}: monday: `),
  );
  capacity.allocations.push({ ...allocation, monday: 480, tuesday: 480 });
  hostile.twinAllocationId = allocation.id;
  skip(
    'a second allocation with an id already given',
    new RegExp(`^Forecast allocation ${allocation.id}: id ${allocation.id} appears twice`),
  );
  capacity.departments.push({ id: 'seven' as unknown as number, name: 'Team Seven' });
  skip('a department whose id is a word', /^Forecast department seven: id: /);
}

function spoilJira() {
  const data = upstream.data.jira;
  const detail = data.detail(DEMO_ON_DASHBOARD.jiraKey);
  const tickets = detail.issues.filter((i) => i.typeName !== 'Epic');

  // Atlassian's own example of an issue's status (jira-platform-openapi.json): no statusCategory.
  const odd = tickets[0]!;
  hostile.oddStatusKey = odd.key;
  const fields = data.issueFields.bind(data);
  data.issueFields = (issue) =>
    issue === odd
      ? {
          ...fields(issue),
          status: {
            iconUrl: 'https://your-domain.atlassian.net/images/icons/statuses/open.png',
            name: 'Open',
          },
        }
      : fields(issue);
  skip(
    'a Jira issue whose status has the shape of the OpenAPI example',
    new RegExp(`^Jira issue ${odd.key}: has an unexpected "status" field \\(statusCategory: `),
  );

  // A ticket changed in the year -10000: Date.parse reads it, the database could not store it.
  const ancient = tickets[2]!;
  hostile.ancientKey = ancient.key;
  data.issueFields = (
    (inner) => (issue: Parameters<typeof inner>[0]) =>
      issue === ancient
        ? { ...inner(issue), updated: '-010000-01-01T00:00:00.000+0000' }
        : inner(issue)
  )(data.issueFields);
  skip(
    'a Jira issue updated in the year -10000',
    new RegExp(`^Jira issue ${ancient.key}: has no readable "updated" time`),
  );

  // One change history without a readable time: that history alone is left out.
  const changed = tickets.find((i, n) => n > 3 && i.transitions.length >= 2)!;
  hostile.changedKey = changed.key;
  const histories = data.issueHistories.bind(data);
  let spoiledHistory = '';
  data.issueHistories = (issue) => {
    const list = histories(issue);
    if (issue !== changed) return list;
    // A history that changed the status: the one the sync asks for.
    const index = list.findIndex((h) => h.items.some((i) => i.fieldId === 'status'));
    spoiledHistory = list[index]!.id;
    return list.map((h, n) => (n === index ? { ...h, created: 'not a time' } : h));
  };
  expected.push({
    what: 'a change history without a readable time',
    get reason() {
      return new RegExp(
        `^Jira change history of issue ${changed.id} ${spoiledHistory}: created: expected a date`,
      );
    },
  });

  // A second issue under a key already given, in the same answer.
  const first = tickets[1]!;
  hostile.twinIssueKey = first.key;
  hostile.twinIssueId = first.id;
  detail.issues.push({
    ...first,
    id: String(Math.max(...detail.issues.map((i) => Number(i.id))) + 1),
    summary: 'Twin under the same key',
  });
  skip(
    'two Jira issues with one key',
    new RegExp(`^Jira issue ${first.key}: key ${first.key} appears twice in the answer`),
  );
}

function spoilPipedrive() {
  const data = upstream.data.pipedrive;
  const open = data.deals.filter((d) => d.status === 'open' && !d.is_deleted);
  const model = open[0]!;
  let next = above(data.deals);
  const add = (change: Record<string, unknown>, what: string, reason: (id: number) => RegExp) => {
    const id = next++;
    data.deals.push({ ...model, id, ...change } as typeof model);
    hostile.dealIds.push(id);
    skip(what, reason(id));
  };
  add(
    { currency: 'USDT' },
    'a deal in USDT',
    (id) => new RegExp(`^Pipedrive deal ${id}: currency: `),
  );
  add(
    { currency: 'US$' },
    'a deal in US$',
    (id) => new RegExp(`^Pipedrive deal ${id}: currency: `),
  );
  add(
    { expected_close_date: IMPOSSIBLE },
    'a deal closing on February 30',
    (id) => new RegExp(`^Pipedrive deal ${id}: expected_close_date: expected a real`),
  );
  add(
    { title: undefined },
    'a deal without a title',
    (id) => new RegExp(`^Pipedrive deal ${id}: title: `),
  );
  const twin = open[1]!;
  hostile.twinDealId = twin.id;
  hostile.twinDealTitle = twin.title;
  data.deals.push({ ...twin, title: 'Twin deal', value: 9_999_999 });
  skip(
    'a second deal with an id already given',
    new RegExp(`^Pipedrive deal ${twin.id}: id ${twin.id} appears twice in the answer`),
  );
  const stage = data.stages[0]!;
  hostile.twinStageId = stage.id;
  hostile.twinStageName = stage.name;
  data.stages.push({ ...stage, name: 'Twin stage' });
  skip(
    'a second stage with an id already given',
    new RegExp(`^Pipedrive stage ${stage.id}: id ${stage.id} appears twice`),
  );
  const pipelineId = above(data.pipelines);
  data.pipelines.push({
    ...data.pipelines[0]!,
    id: pipelineId,
    name: undefined as unknown as string,
  });
  skip('a pipeline without a name', new RegExp(`^Pipedrive pipeline ${pipelineId}: name: `));
  counts.openDeals = open.length;
}

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  upstream = await startUpstreamServer();
  t = createTestApp(db, {
    env: { ...upstream.env, ...upstream.pipedriveEnv, PIPEDRIVE_COMPANY_DOMAIN: 'agency' },
  });
  await seedForInputTests(db);
  admin = await t.signIn('admin');
  counts = { registrations: upstream.data.forecast.timeRegistrations.length, openDeals: 0 };
  spoilForecast();
  spoilJira();
  spoilPipedrive();

  const started = await t.deps.refresh.run('sync_now');
  expect(started.started).toBe(true);
  const history = await t.request('GET', '/api/admin/sync/runs', { cookie: admin });
  const { runs } = (await history.json()) as { runs: SyncRunJson[] };
  run = runs.find((r) => r.id === started.ended!.id)!;
}, 120_000);
afterAll(async () => {
  await upstream?.close();
  await drop?.();
});

describe('a whole Sync now over upstreams holding hostile records', () => {
  it('succeeds, every unit of it', () => {
    expect(run.outcome, run.failure ?? '').toBe('succeeded');
    expect(run.progress.deferred ?? 0).toBe(0);
  });

  it('names every record it skipped, with its id and why, and counts them', () => {
    const reasons = run.progress.skippedReasons ?? [];
    for (const { what, reason } of expected)
      expect(
        reasons.some((r) => reason.test(r)),
        `${what}: ${reason} among\n${reasons.join('\n')}`,
      ).toBe(true);
    // Persons are read by the agency-wide copy and by capacity: each is counted once.
    expect(run.progress.skipped).toBe(expected.length);
    expect(reasons.length).toBe(expected.length);
  });

  it('stores the rest of Forecast’s time data', async () => {
    const [registrations] = await db.query<{ n: number; bad: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE id = $1)::int AS bad
       FROM forecast_time_registrations`,
      [hostile.registrationId],
    );
    expect(registrations).toEqual({ n: counts.registrations, bad: 0 });
    const persons = await db.query<{ id: number; first_name: string; last_name: string }>(
      'SELECT id, first_name, last_name FROM forecast_persons',
    );
    expect(persons.length).toBeGreaterThan(3);
    expect(persons.map((p) => p.id)).not.toContain(hostile.badPersonId);
    const twin = persons.find((p) => p.id === hostile.twinPersonId)!;
    expect(`${twin.first_name} ${twin.last_name}`).toBe(hostile.twinPersonName);
    const invoices = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM forecast_invoices WHERE invoice_id = $1',
      [hostile.invoiceId],
    );
    expect(invoices[0]!.n).toBe(0);
    expect(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM forecast_invoices'))[0]!.n,
    ).toBeGreaterThan(0);
  });

  it('stores the rest of Forecast’s capacity data', async () => {
    const persons = await db.query<{ id: number; name: string }>(
      'SELECT id, name FROM capacity_persons',
    );
    expect(persons.length).toBeGreaterThan(3);
    expect(persons.map((p) => p.id)).not.toContain(hostile.badPersonId);
    expect(persons.find((p) => p.id === hostile.twinPersonId)?.name).toBe(hostile.twinPersonName);
    const [fractional] = await db.query<{ monday: number }>(
      'SELECT monday FROM capacity_persons WHERE id = $1',
      [hostile.fractionalPersonId],
    );
    expect(fractional?.monday).toBe(451);
    const allocations = await db.query<{ id: number; monday: number }>(
      'SELECT id, monday FROM capacity_allocations',
    );
    expect(allocations.map((a) => a.id)).not.toContain(hostile.badAllocationId);
    // The first of the two with one id is kept, not the impostor's 480 minutes.
    const kept = upstream.data.forecast.capacity.allocations.find(
      (a) => a.id === hostile.twinAllocationId,
    )!;
    expect(allocations.find((a) => a.id === hostile.twinAllocationId)?.monday).toBe(kept.monday);
    const holidays = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM capacity_holidays',
    );
    expect(holidays[0]!.n).toBeGreaterThan(0);
  });

  it('stores the rest of the Jira project', async () => {
    const issues = await db.query<{ issue_key: string; issue_id: string }>(
      'SELECT issue_key, issue_id FROM jira_issues',
    );
    const keys = issues.map((i) => i.issue_key);
    const tickets = upstream.data.jira
      .detail(DEMO_ON_DASHBOARD.jiraKey)
      .issues.filter((i) => i.typeName !== 'Epic');
    // Every ticket but the odd and the ancient one, and the twin key once, as the first gave it.
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(tickets.length - 3);
    expect(keys).not.toContain(hostile.oddStatusKey);
    expect(keys).not.toContain(hostile.ancientKey);
    // The issue with one unreadable history keeps its other status changes.
    expect(keys).toContain(hostile.changedKey);
    const [moves] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM jira_status_transitions WHERE issue_key = $1',
      [hostile.changedKey],
    );
    expect(moves!.n).toBeGreaterThan(0);
    expect(issues.find((i) => i.issue_key === hostile.twinIssueKey)?.issue_id).toBe(
      hostile.twinIssueId,
    );
  });

  it('stores the rest of the Pipedrive pipeline', async () => {
    const deals = await db.query<{ id: number; title: string; currency: string }>(
      'SELECT id, title, currency FROM pipedrive_deals',
    );
    expect(deals.length).toBe(counts.openDeals);
    for (const id of hostile.dealIds) expect(deals.map((d) => d.id)).not.toContain(id);
    expect(deals.find((d) => d.id === hostile.twinDealId)?.title).toBe(hostile.twinDealTitle);
    const stages = await db.query<{ id: number; name: string }>(
      'SELECT id, name FROM pipedrive_stages',
    );
    expect(stages.find((s) => s.id === hostile.twinStageId)?.name).toBe(hostile.twinStageName);
  });

  it('shows the skipped records on the sync page', async () => {
    const res = await t.request('GET', '/agency/sync', { cookie: admin });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`${run.progress.skipped} records skipped`);
    expect(html).toContain(`Jira issue ${hostile.oddStatusKey}: has an unexpected`);
    expect(html).toContain(`Pipedrive deal ${hostile.dealIds[0]}: currency: `);
    expect(html).toContain(`Forecast time registration ${hostile.registrationId}: date: `);
  });
});

describe('what is stored never makes a page or a call answer 500', () => {
  it('even a deal in a currency Intl refuses, stored before the sync refused it', async () => {
    await db.query(
      `INSERT INTO pipedrive_deals (id, title, value, currency, probability, stage_id, expected_close_date)
       SELECT 990001, 'Tether deal', 50000, 'USDT', 50, id, current_date + 14 FROM pipedrive_stages LIMIT 1`,
    );
    await db.query(
      `INSERT INTO pipedrive_deals (id, title, value, currency, probability, stage_id, expected_close_date)
       SELECT 990002, 'Dollar-sign deal', 20000, 'US$', 50, id, current_date + 21 FROM pipedrive_stages LIMIT 1`,
    );
    for (const path of [
      '/capacity',
      '/agency?tab=pipeline',
      '/agency/sync',
      '/api/capacity',
      '/api/pipeline',
    ]) {
      const res = await t.request('GET', path, { cookie: admin });
      expect(res.status, `${path}: ${await res.clone().text()}`.slice(0, 400)).toBe(200);
    }
  });
});
