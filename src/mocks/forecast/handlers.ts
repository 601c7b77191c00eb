/**
 * MSW handlers that imitate api.forecast.it over the demo data: the real paths, bare arrays,
 * the v4 pagination envelope, `{ status, message }` errors (401 for a wrong key, 404 for an
 * unknown id), and faults on demand (latency, 429s with Retry-After, 500s, a hang, malformed
 * bodies). Tests change the data through the returned controls to exercise incremental sync.
 */
import { delay, http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import {
  createForecastDemoData,
  type ForecastDemoData,
  type ForecastDeletedRegistrationJson,
  type ForecastTimeRegistrationJson,
} from './data';

export const FORECAST_DEMO_BASE_URL = 'https://api.forecast.it';

export interface ForecastFaults {
  /** Added before every answer. */
  latencyMs?: number;
  /** The next `times` requests answer 429 with this Retry-After (seconds). */
  rateLimited?: { times: number; retryAfterSeconds?: number };
  /** The next `times` requests answer 500. */
  serverErrors?: { times: number };
  /** Requests never get an answer (until the caller gives up). */
  hang?: boolean;
  /** 'json': a truncated body; 'shape': valid JSON with a field of the wrong type. */
  malformed?: 'json' | 'shape';
  /** Only requests whose path contains this string (or matches this pattern) are affected. */
  match?: string | RegExp;
}

export interface ForecastHandlersOptions {
  baseUrl?: string;
  apiKey: string;
  /** 'YYYY-MM-DD'. */
  today: string;
  scale?: number;
  seed?: number;
  /** The demo agency's currency (COMPANY_CURRENCY); USD when left out. */
  currency?: string;
  faults?: ForecastFaults;
}

export interface ForecastMock {
  handlers: HttpHandler[];
  /** The live data the handlers answer from (mutate it through the methods below). */
  data: ForecastDemoData;
  /** Every request answered, as 'GET /api/v1/projects?…' (path and query). */
  requests: string[];
  setFaults(faults: ForecastFaults | null): void;
  /** Adds a registration upstream (stamped as the newest change); returns it. */
  addRegistration(fields?: Partial<ForecastTimeRegistrationJson>): ForecastTimeRegistrationJson;
  /** Changes a registration upstream (stamped as the newest change); returns it. */
  updateRegistration(
    id: number,
    fields: Partial<ForecastTimeRegistrationJson>,
  ): ForecastTimeRegistrationJson;
  /** Deletes a registration upstream: it leaves the lists and joins the deleted list. */
  deleteRegistration(id: number): ForecastDeletedRegistrationJson;
}

const DEFAULT_PAGE_SIZE = 100;

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function error(status: number, message: string, headers?: Record<string, string>) {
  return HttpResponse.json({ status, message }, { status, headers });
}

/** Valid JSON in the wrong shape: the first item's id becomes a string. */
function corrupt(body: unknown): unknown {
  const spoil = (item: unknown) =>
    item && typeof item === 'object' ? { ...item, id: `not-a-number` } : item;
  if (Array.isArray(body))
    return body.length ? [spoil(body[0]), ...body.slice(1)] : [{ id: 'not-a-number' }];
  if (body && typeof body === 'object' && 'pageContents' in body) {
    const page = body as { pageContents: unknown[] };
    return {
      ...page,
      pageContents: page.pageContents.length
        ? [spoil(page.pageContents[0]), ...page.pageContents.slice(1)]
        : [{ id: 'x' }],
    };
  }
  return spoil(body);
}

/** YYYYMMDDTHHmmss (UTC) as epoch milliseconds, or null. */
function parseUpdatedAfter(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isNaN(t) ? null : t;
}

export function createForecastHandlers(options: ForecastHandlersOptions): ForecastMock {
  const base = (options.baseUrl ?? FORECAST_DEMO_BASE_URL).replace(/\/$/, '');
  const data = createForecastDemoData({
    today: options.today,
    scale: options.scale,
    seed: options.seed,
    currency: options.currency,
  });
  const requests: string[] = [];
  let faults: ForecastFaults = { ...options.faults };
  // No timestamp in the demo data is later than its "now".
  let clock = Date.parse(data.now);

  /** A fresh timestamp, one minute after anything the mock has issued: the newest change. */
  function nextStamp(): string {
    clock += 60_000;
    return new Date(clock).toISOString().replace('.000Z', 'Z');
  }

  const affected = (path: string) =>
    faults.match === undefined ||
    (typeof faults.match === 'string' ? path.includes(faults.match) : faults.match.test(path));

  /** Applies faults and the key check; returns a response to send instead, or null to answer. */
  async function gate(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (!affected(url.pathname)) return checkKey(request);
    if (faults.latencyMs) await delay(faults.latencyMs);
    if (faults.hang) {
      await new Promise<void>((resolve) => {
        if (request.signal.aborted) resolve();
        request.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      return HttpResponse.error();
    }
    if (faults.rateLimited && faults.rateLimited.times > 0) {
      faults.rateLimited.times--;
      return error(429, 'Too many requests', {
        'Retry-After': String(faults.rateLimited.retryAfterSeconds ?? 1),
      });
    }
    if (faults.serverErrors && faults.serverErrors.times > 0) {
      faults.serverErrors.times--;
      return error(500, 'Internal server error');
    }
    return checkKey(request);
  }

  function checkKey(request: Request): Response | null {
    if (request.headers.get('x-forecast-api-key') !== options.apiKey)
      return error(401, 'The API key is missing or invalid');
    return null;
  }

  function send(path: string, body: unknown): Response {
    if (affected(path) && faults.malformed === 'json') {
      return new HttpResponse(JSON.stringify(body).slice(0, 40), {
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return HttpResponse.json(
      (affected(path) && faults.malformed === 'shape' ? corrupt(body) : body) as JsonBodyType,
    );
  }

  function page<T>(request: Request, items: readonly T[]): Response {
    const url = new URL(request.url);
    const pageNumber = positiveInt(url.searchParams.get('pageNumber'), 1);
    const pageSize = positiveInt(url.searchParams.get('pageSize'), DEFAULT_PAGE_SIZE);
    const start = (pageNumber - 1) * pageSize;
    return send(url.pathname, {
      pageNumber,
      pageSize,
      totalObjectCount: items.length,
      pageContents: items.slice(start, start + pageSize),
    });
  }

  const projectById = (raw: string | readonly string[] | undefined) =>
    data.projects.find((p) => String(p.id) === String(raw));

  /** Answers a GET at `path` (relative to the base) once the gate lets it through. */
  const get = (
    path: string,
    answer: (request: Request, params: Record<string, string>) => Response,
  ) =>
    http.get(`${base}${path}`, async ({ request, params }) => {
      const blocked = await gate(request);
      if (blocked) return blocked;
      return answer(request, params as Record<string, string>);
    });

  const byId = <T extends { id: number }>(items: readonly T[]) =>
    [...items].sort((a, b) => a.id - b.id);

  const handlers: HttpHandler[] = [
    get('/api/v1/projects', (r) => send(new URL(r.url).pathname, data.projects)),
    get('/api/v1/projects/:projectId', (r, { projectId }) => {
      const project = projectById(projectId);
      return project
        ? send(new URL(r.url).pathname, project)
        : error(404, `Project ${projectId} not found`);
    }),
    get('/api/v1/projects/:projectId/invoices', (r, { projectId }) => {
      const project = projectById(projectId);
      if (!project) return error(404, `Project ${projectId} not found`);
      // A project's invoices include those where it appears only in some entries.
      const invoices = data.invoices.filter(
        (i) => i.project_id === project.id || i.entries.some((e) => e.project_id === project.id),
      );
      return send(new URL(r.url).pathname, invoices);
    }),
    get('/api/v1/projects/:projectId/retainer_periods', (r, { projectId }) => {
      const project = projectById(projectId);
      if (!project) return error(404, `Project ${projectId} not found`);
      return send(
        new URL(r.url).pathname,
        data.retainerPeriods.filter((p) => p.project_id === project.id),
      );
    }),
    get('/api/v1/invoices', (r) => send(new URL(r.url).pathname, data.invoices)),
    get('/api/v1/rate_cards', (r) => send(new URL(r.url).pathname, data.rateCards)),
    get('/api/v1/clients', (r) => send(new URL(r.url).pathname, data.clients)),
    get('/api/v2/persons', (r) => send(new URL(r.url).pathname, data.persons)),
    get('/api/v1/person_cost_periods', (r) => {
      const url = new URL(r.url);
      const only = url.searchParams.getAll('pid').map(Number);
      return send(
        url.pathname,
        only.length ? data.costPeriods.filter((c) => only.includes(c.person_id)) : data.costPeriods,
      );
    }),
    get('/api/v1/departments', (r) => send(new URL(r.url).pathname, data.capacity.departments)),
    get('/api/v1/roles', (r) => send(new URL(r.url).pathname, data.roles)),
    get('/api/v1/holiday_calendars', (r) =>
      send(new URL(r.url).pathname, data.capacity.holidayCalendars),
    ),
    get('/api/v1/holiday_calendar_entries', (r) =>
      send(new URL(r.url).pathname, data.capacity.holidayCalendarEntries),
    ),
    get('/api/v1/non_project_time', (r) =>
      send(new URL(r.url).pathname, data.capacity.nonProjectTime),
    ),
    get('/api/v1/allocations', (r) => send(new URL(r.url).pathname, data.capacity.allocations)),
    get('/api/v4/time_registrations', (r) => page(r, byId(data.timeRegistrations))),
    get('/api/v4/time_registrations/deleted', (r) => page(r, byId(data.deletedRegistrations))),
    // One registration (v3, as a webhook's thin payload is followed up): v3 lacks task_project.
    get('/api/v3/time_registrations/:registrationId', (r, { registrationId }) => {
      const found = data.timeRegistrations.find((t) => String(t.id) === registrationId);
      if (!found) return error(404, `Time registration ${registrationId} not found`);
      const { task_project: _taskProject, phase: _phase, ...v3 } = found;
      return send(new URL(r.url).pathname, {
        ...v3,
        project: found.project ?? found.task_project,
      });
    }),
    get('/api/v4/time_registrations/updated_after/:instant', (r, { instant }) => {
      const after = parseUpdatedAfter(instant ?? '');
      if (after === null)
        return error(400, `updated_after must be YYYYMMDDTHHmmss, got ${instant}`);
      return page(r, byId(data.timeRegistrations.filter((t) => Date.parse(t.updated_at) > after)));
    }),
    get('/api/v4/time_registrations/date_after/:day', (r, { day }) => {
      const m = /^(\d{4})(\d{2})(\d{2})$/.exec(day ?? '');
      if (!m) return error(400, `date_after must be YYYYMMDD, got ${day}`);
      const after = `${m[1]}-${m[2]}-${m[3]}`;
      return page(r, byId(data.timeRegistrations.filter((t) => t.date > after)));
    }),
  ];

  function findRegistration(id: number): ForecastTimeRegistrationJson {
    const found = data.timeRegistrations.find((r) => r.id === id);
    if (!found) throw new Error(`No demo time registration ${id}`);
    return found;
  }

  return {
    handlers,
    data,
    requests,
    setFaults(next) {
      faults = { ...next };
    },
    addRegistration(fields = {}) {
      const person = data.spine.developers[0]!;
      const project = data.projects.find((p) => p.stage === 'RUNNING') ?? data.projects[0]!;
      const at = nextStamp();
      const registration: ForecastTimeRegistrationJson = {
        id:
          [...data.timeRegistrations, ...data.deletedRegistrations].reduce(
            (max, r) => Math.max(max, r.id),
            0,
          ) + 1,
        person: person.forecastPersonId,
        project: null,
        task: project.id * 100 + 1,
        task_project: project.id,
        phase: null,
        non_project_time: null,
        role: 7,
        time_registered: 60,
        billable_minutes_registered: 60,
        date: data.today,
        notes: null,
        approval_status: 'NOT_SUBMITTED',
        invoice: null,
        invoice_entry: null,
        created_by: person.forecastPersonId,
        updated_by: person.forecastPersonId,
        created_at: at,
        ...fields,
        updated_at: at,
      };
      data.timeRegistrations.push(registration);
      return registration;
    },
    updateRegistration(id, fields) {
      const registration = findRegistration(id);
      Object.assign(registration, fields, { id, updated_at: nextStamp() });
      return registration;
    },
    deleteRegistration(id) {
      const registration = findRegistration(id);
      data.timeRegistrations.splice(data.timeRegistrations.indexOf(registration), 1);
      const dev = data.persons.find((p) => p.id === registration.person);
      const person = {
        id: registration.person,
        name: dev ? `${dev.first_name} ${dev.last_name}` : '',
        email: dev?.email ?? '',
      };
      const projectId = registration.project ?? registration.task_project;
      const project = data.projects.find((p) => p.id === projectId);
      const at = nextStamp();
      const deleted: ForecastDeletedRegistrationJson = {
        id,
        minutesRegistered: registration.time_registered,
        person,
        registeredOn: project
          ? {
              type: registration.task ? 'TASK' : 'PROJECT',
              id: registration.task ?? project.id,
              name: project.name,
              project: { id: project.id, name: project.name },
            }
          : {
              type: 'NON_PROJECT_TIME',
              id: registration.non_project_time ?? 0,
              name: 'Internal time',
            },
        datetime: `${registration.date}T09:00:00Z`,
        deletedBy: person,
        deletedAt: at,
      };
      data.deletedRegistrations.push(deleted);
      return deleted;
    },
  };
}
