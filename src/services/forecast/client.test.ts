import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createForecastHandlers } from '../../mocks/forecast/handlers';
import { UpstreamError } from '../http';
import type { SkippedRecord } from '../skipped-records';
import {
  createForecastClient,
  formatUpdatedAfter,
  TIME_REGISTRATION_PAGE_SIZE,
  type ForecastClientOptions,
} from './client';

const BASE = 'https://forecast.test';
const KEY = 'demo-forecast-key';
const TODAY = '2026-11-19';

const mock = createForecastHandlers({ baseUrl: BASE, apiKey: KEY, today: TODAY });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  mock.setFaults(null);
  mock.requests.length = 0;
});
afterAll(() => server.close());

/** A client whose waits are recorded instead of slept, with no jitter. */
function client(overrides: Partial<ForecastClientOptions> = {}) {
  const waits: number[] = [];
  const forecast = createForecastClient({
    baseUrl: BASE,
    apiKey: KEY,
    companyCurrency: 'USD',
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0,
    ...overrides,
  });
  return { forecast, waits };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('reading Forecast', () => {
  it('lists every project with its stage and budget type', async () => {
    const projects = await client().forecast.listProjects();
    expect(projects.map((p) => p.id)).toEqual(mock.data.spine.projects.map((p) => p.forecastId));
    expect(new Set(projects.map((p) => p.stage))).toEqual(
      new Set(['RUNNING', 'PLANNING', 'HALTED', 'DONE']),
    );
    expect(mock.requests).toEqual(['GET /api/v1/projects']);
  });

  it('reads one project, and names an unknown one as not found', async () => {
    const [first] = mock.data.spine.projects;
    const project = await client().forecast.getProject(first!.forecastId);
    expect(project).toMatchObject({
      id: first!.forecastId,
      name: first!.name,
      budget: first!.budget,
      budget_type: first!.budgetType,
    });

    const error = await failure(client().forecast.getProject(999_999));
    expect(error.kind).toBe('not_found');
    expect(error.status).toBe(404);
    expect(error.message).toMatch(/^Forecast: not found \(Project 999999 not found\)/);
  });

  it("reads a project's invoices, including one it shares with another project", async () => {
    const [a, b] = mock.data.spine.projects;
    const invoices = await client().forecast.projectInvoices(b!.forecastId);
    const spanning = invoices.find((i) => new Set(i.entries.map((e) => e.project_id)).size > 1);
    expect(spanning?.project_id).toBe(a!.forecastId);
    expect(spanning?.entries.map((e) => e.project_id)).toContain(b!.forecastId);
    expect(spanning?.payments.length).toBeGreaterThan(0);
  });

  it('reads retainer periods with split dates', async () => {
    const retainer = mock.data.spine.projects.find((p) => p.weeklyRetainer)!;
    const periods = await client().forecast.retainerPeriods(retainer.forecastId);
    expect(periods.length).toBe(
      mock.data.retainerPeriods.filter((p) => p.project_id === retainer.forecastId).length,
    );
    expect(periods[0]).toMatchObject({ project_id: retainer.forecastId, period_length: 7 });
  });

  it('leaves system users and client users out of persons', async () => {
    const persons = await client().forecast.persons();
    expect(persons.map((p) => p.id).sort()).toEqual(
      mock.data.spine.developers.map((d) => d.forecastPersonId).sort(),
    );
    expect(mock.data.persons.length).toBe(persons.length + 2);
  });

  it('reads cost periods, the first of each person without a start', async () => {
    const periods = await client().forecast.personCostPeriods();
    expect(periods.length).toBe(mock.data.costPeriods.length);
    expect(periods.some((p) => p.start_year == null)).toBe(true);
    expect(periods.some((p) => p.start_year != null)).toBe(true);
  });

  it('sends the key in the X-FORECAST-API-KEY header, never in the address', async () => {
    let header: string | null = null;
    server.use(
      http.get(`${BASE}/api/v1/rate_cards`, ({ request }) => {
        header = request.headers.get('x-forecast-api-key');
        return HttpResponse.json([]);
      }),
    );
    await client().forecast.rateCards();
    expect(header).toBe(KEY);
    await client().forecast.listProjects();
    expect(mock.requests.join(' ')).not.toContain(KEY);
  });
});

describe('paging v4 time registrations', () => {
  it('reads every page of 500 in turn and returns each registration once', async () => {
    const rows = await client().forecast.timeRegistrations();
    const total = mock.data.timeRegistrations.length;
    expect(total).toBeGreaterThan(2 * TIME_REGISTRATION_PAGE_SIZE);
    expect(rows.length).toBe(total);
    expect(new Set(rows.map((r) => r.id)).size).toBe(total);
    expect(mock.requests).toEqual(
      Array.from(
        { length: Math.ceil(total / 500) },
        (_, i) => `GET /api/v4/time_registrations?pageNumber=${i + 1}&pageSize=500`,
      ),
    );
  });

  it('stops after a full last page when the total says so, without asking for an empty page', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => mock.data.timeRegistrations[i]!);
    let calls = 0;
    server.use(
      http.get(`${BASE}/api/v4/time_registrations`, ({ request }) => {
        calls++;
        const n = Number(new URL(request.url).searchParams.get('pageNumber'));
        return HttpResponse.json({
          pageNumber: n,
          pageSize: 500,
          totalObjectCount: 1000,
          pageContents: items.slice((n - 1) * 500, n * 500),
        });
      }),
    );
    expect((await client().forecast.timeRegistrations()).length).toBe(1000);
    expect(calls).toBe(2);
  });

  it('stops at an empty page even when the total is wrong, and drops a row repeated across pages', async () => {
    const rows = mock.data.timeRegistrations;
    // Data changed mid-read: page 2 starts with the last 10 rows of page 1 again.
    const pages = [rows.slice(0, 500), rows.slice(490, 990), []];
    server.use(
      http.get(`${BASE}/api/v4/time_registrations`, ({ request }) => {
        const n = Number(new URL(request.url).searchParams.get('pageNumber'));
        return HttpResponse.json({
          pageNumber: n,
          pageSize: 500,
          totalObjectCount: 99_999,
          pageContents: pages[n - 1] ?? [],
        });
      }),
    );
    const result = await client().forecast.timeRegistrations();
    expect(result.length).toBe(990);
    expect(new Set(result.map((r) => r.id)).size).toBe(990);
  });

  it('asks only for changes after an instant, in the YYYYMMDDTHHmmss path form', async () => {
    const since = new Date('2026-11-19T18:00:00Z');
    expect(formatUpdatedAfter(since)).toBe('20261119T180000');
    const unchanged = await client().forecast.timeRegistrations({ updatedAfter: since });
    expect(unchanged).toEqual([]);

    const added = mock.addRegistration({ notes: 'late entry' });
    const changed = await client().forecast.timeRegistrations({ updatedAfter: since });
    expect(changed.map((r) => r.id)).toEqual([added.id]);
    expect(mock.requests.at(-1)).toBe(
      'GET /api/v4/time_registrations/updated_after/20261119T180000?pageNumber=1&pageSize=500',
    );
    mock.deleteRegistration(added.id);
  });

  it('reads the deleted registrations list', async () => {
    const deleted = await client().forecast.deletedTimeRegistrations();
    expect(deleted.map((d) => d.id)).toEqual(mock.data.deletedRegistrations.map((d) => d.id));
  });
});

describe('when Forecast misbehaves', () => {
  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    mock.setFaults({ rateLimited: { times: 2, retryAfterSeconds: 3 } });
    const { forecast, waits } = client();
    const projects = await forecast.listProjects();
    expect(projects.length).toBe(mock.data.projects.length);
    expect(waits).toEqual([3000, 3000]);
    expect(mock.requests.length).toBe(3);
  });

  it('gives up with a clear rate-limit error when 429s continue', async () => {
    mock.setFaults({ rateLimited: { times: 100, retryAfterSeconds: 1 } });
    const { forecast, waits } = client({ maxRetries: 3 });
    const error = await failure(forecast.listProjects());
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toMatch(/^Forecast: rate limit exhausted/);
    expect(waits).toEqual([1000, 1000, 1000]);
  });

  it('does not wait out a Retry-After longer than it accepts', async () => {
    mock.setFaults({ rateLimited: { times: 1, retryAfterSeconds: 3600 } });
    const { forecast, waits } = client();
    expect((await failure(forecast.listProjects())).kind).toBe('rate_limited');
    expect(waits).toEqual([]);
    expect(mock.requests.length).toBe(1);
  });

  it('retries a 500 with backoff and then answers', async () => {
    mock.setFaults({ serverErrors: { times: 2 } });
    const { forecast, waits } = client({ random: () => 0.5 });
    expect((await forecast.persons()).length).toBe(mock.data.spine.developers.length);
    // Full jitter over 0.5 s then 1 s.
    expect(waits).toEqual([250, 500]);
  });

  it('reports a timeout when Forecast does not answer', async () => {
    mock.setFaults({ hang: true });
    const { forecast } = client({ timeoutMs: 50, maxRetries: 1 });
    const error = await failure(forecast.listProjects());
    expect(error.kind).toBe('timeout');
    expect(error.httpStatus).toBe(504);
    expect(mock.requests.length).toBe(2);
  });

  it('says the credentials were refused on a 401', async () => {
    const { forecast } = client({ apiKey: 'wrong-key' });
    const error = await failure(forecast.listProjects());
    expect(error.kind).toBe('bad_credentials');
    expect(error.status).toBe(401);
    expect(error.message).toContain('The API key is missing or invalid');
    expect(mock.requests.length).toBe(1);
  });

  it('rejects a body that is not JSON', async () => {
    mock.setFaults({ malformed: 'json' });
    const error = await failure(client().forecast.listProjects());
    expect(error.kind).toBe('malformed_response');
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('skips a list item of the wrong shape, naming it and the field, and keeps the rest', async () => {
    mock.setFaults({ malformed: 'shape', match: '/api/v4/' });
    const skipped: SkippedRecord[] = [];
    const { forecast } = client({ onSkipped: (r) => skipped.push(r) });
    const rows = await forecast.timeRegistrations();
    // The stand-in spoils the first item of every page: those alone are left out.
    expect(skipped.length).toBeGreaterThan(0);
    expect(rows.length + skipped.length).toBe(mock.data.timeRegistrations.length);
    for (const r of skipped)
      expect(r.reason).toMatch(/^Forecast time registration not-a-number: id: /);
    // Other endpoints are unaffected.
    expect((await forecast.listProjects()).length).toBe(mock.data.projects.length);
  });

  it('rejects a single object of the wrong shape, naming the endpoint and the field', async () => {
    mock.setFaults({ malformed: 'shape', match: '/api/v1/projects/' });
    const error = await failure(client().forecast.getProject(mock.data.projects[0]!.id));
    expect(error.kind).toBe('malformed_response');
    expect(error.message).toMatch(/GET \/api\/v1\/projects\/\d+ answered an unexpected shape: id:/);
  });

  it('skips an invoice whose entries are missing, or whose numbers no column holds', async () => {
    const entry = { id: 9, project_id: 5, quantity: 1, unit_price: 100 };
    server.use(
      http.get(`${BASE}/api/v1/invoices`, () =>
        HttpResponse.json([
          { id: 1, created_date: '2026-01-01', status: 'SENT' },
          {
            id: 2,
            created_date: '2026-01-01',
            status: 'SENT',
            entries: [{ ...entry, unit_price: 1e15 }],
          },
          {
            id: 3,
            created_date: '2026-01-01',
            status: 'SENT',
            entries: [{ id: 8, project_id: 5, quantity: 1 }],
          },
          { id: 4, created_date: '2026-01-01', status: 'SENT', entries: [entry] },
        ]),
      ),
    );
    const skipped: SkippedRecord[] = [];
    const invoices = await client({ onSkipped: (r) => skipped.push(r) }).forecast.listInvoices();
    expect(invoices.map((i) => i.id)).toEqual([4]);
    expect(skipped.map((r) => r.reason)).toEqual([
      expect.stringMatching(/^Forecast invoice 1: entries: /),
      expect.stringMatching(/^Forecast invoice 2: entries\.0\.unit_price: /),
      expect.stringMatching(/^Forecast invoice 3: entries\.0\.unit_price: /),
    ]);
  });
});
