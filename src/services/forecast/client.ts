/**
 * The Forecast (api.forecast.it) client: the real endpoints of docs/reference/forecast-api.md
 * over the shared HTTP core (timeouts, retries, concurrency limit, UpstreamError), with every
 * response checked against the schemas before anyone reads it.
 */
import { z } from 'zod';
import { describeZodError } from '../errors';
import { createHttpClient, UpstreamError, type HttpClientOptions } from '../http';
import type { CurrencyCode } from '../../shared/currency';
import { type OnSkipped, parseEach } from '../skipped-records';
import {
  forecastCostPeriodSchema,
  forecastDeletedRegistrationSchema,
  forecastInvoiceSchema,
  forecastPageSchema,
  forecastPersonSchema,
  forecastAllocationSchema,
  forecastDepartmentSchema,
  forecastHolidayCalendarEntrySchema,
  forecastHolidayCalendarSchema,
  forecastNonProjectTimeSchema,
  type ForecastAllocation,
  type ForecastDepartment,
  type ForecastHolidayCalendar,
  type ForecastHolidayCalendarEntry,
  type ForecastNonProjectTime,
  forecastClientSchema,
  forecastProjectSchema,
  forecastRateCardSchema,
  forecastRetainerPeriodSchema,
  forecastRoleSchema,
  forecastTimeRegistrationSchema,
  type ForecastCostPeriod,
  type ForecastDeletedRegistration,
  type ForecastInvoice,
  type ForecastInvoiceJson,
  type ForecastPerson,
  type ForecastClientRecord,
  type ForecastProject,
  type ForecastRateCard,
  type ForecastRetainerPeriod,
  type ForecastRole,
  type ForecastTimeRegistration,
} from './schemas';

/** A list or a page whose items are checked one by one. */
const anyList = z.array(z.unknown());
const anyPage = forecastPageSchema(z.unknown());

export const FORECAST_BASE_URL = 'https://api.forecast.it';
/** Rows per page of the v4 time registration lists (public client code asks for 500). */
export const TIME_REGISTRATION_PAGE_SIZE = 500;
/** A guard against a server that never signals the last page; 5,000 pages is 2.5 million rows. */
const MAX_PAGES = 5_000;

export type ForecastClientOptions = {
  baseUrl?: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Told of every list item left out because it cannot be stored (docs/decisions/271). */
  onSkipped?: OnSkipped;
  /**
   * COMPANY_CURRENCY: the currency of an invoice that names none, as Forecast defaults it
   * (docs/reference/forecast-api.md, "Invoices").
   */
  companyCurrency: CurrencyCode;
} & Partial<Omit<HttpClientOptions, 'service' | 'baseUrl' | 'headers' | 'fetch'>>;

export interface ForecastClient {
  /** Every project of the account. */
  listProjects(): Promise<ForecastProject[]>;
  /** The clients projects belong to: a Pipedrive organisation matches one by name. */
  clients(): Promise<ForecastClientRecord[]>;
  /** One project; UpstreamError kind 'not_found' for an unknown id. */
  getProject(id: number): Promise<ForecastProject>;
  /** Rate cards: a project's hourly rate is its rate card's default rate. */
  rateCards(): Promise<ForecastRateCard[]>;
  /** The invoices of one project (with entries and payments). */
  projectInvoices(projectId: number): Promise<ForecastInvoice[]>;
  /** Every invoice of the account. */
  listInvoices(): Promise<ForecastInvoice[]>;
  retainerPeriods(projectId: number): Promise<ForecastRetainerPeriod[]>;
  /** Staff only: system (integration) users and client users are left out. */
  persons(): Promise<ForecastPerson[]>;
  personCostPeriods(): Promise<ForecastCostPeriod[]>;
  /** Every registration, or those changed after `updatedAfter`; all pages, one row per id. */
  timeRegistrations(options?: { updatedAfter?: Date }): Promise<ForecastTimeRegistration[]>;
  /** One registration as it is now (a webhook names it); UpstreamError 'not_found' once deleted. */
  timeRegistration(id: number): Promise<ForecastTimeRegistration>;
  /** Every deleted registration (v4 has no filter on this list). */
  deletedTimeRegistrations(): Promise<ForecastDeletedRegistration[]>;
  holidayCalendars(): Promise<ForecastHolidayCalendar[]>;
  /** Every entry of every holiday calendar. */
  holidayCalendarEntries(): Promise<ForecastHolidayCalendarEntry[]>;
  /** Project allocations and time off (allocations to non-project time). */
  allocations(): Promise<ForecastAllocation[]>;
  nonProjectTime(): Promise<ForecastNonProjectTime[]>;
  departments(): Promise<ForecastDepartment[]>;
  /** The roles a person's default role names. */
  roles(): Promise<ForecastRole[]>;
}

/** `updated_after` as Forecast wants it in the v4 path: YYYYMMDDTHHmmss, UTC. */
export function formatUpdatedAfter(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace(/[-:]/g, '');
}

export function createForecastClient(options: ForecastClientOptions): ForecastClient {
  const { baseUrl = FORECAST_BASE_URL, apiKey, onSkipped, companyCurrency, ...overrides } = options;
  const http = createHttpClient({
    // Fair use asks for few concurrent calls; big lists are slow, so allow a minute per call.
    concurrency: 3,
    timeoutMs: 60_000,
    deadlineMs: 150_000,
    ...overrides,
    service: 'Forecast',
    baseUrl,
    headers: { 'X-FORECAST-API-KEY': apiKey },
  });

  async function read<S extends z.ZodType>(
    path: string,
    schema: S,
    query?: Record<string, string | number>,
  ): Promise<z.output<S>> {
    const body = await http.get(path, { query });
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new UpstreamError(
        'Forecast',
        'malformed_response',
        `GET ${path} answered an unexpected shape: ${describeZodError(parsed.error)}`,
      );
    }
    return parsed.data;
  }

  const withCurrency = (invoices: readonly ForecastInvoiceJson[]): ForecastInvoice[] =>
    invoices.map((invoice) => ({ ...invoice, currency: invoice.currency ?? companyCurrency }));

  /**
   * A list read item by item: an item that cannot be stored, or that repeats the id of one
   * before it, is skipped, not the whole list (docs/decisions/375).
   */
  async function readList<S extends z.ZodType<{ id: number }>>(
    path: string,
    item: S,
    label: string,
  ): Promise<z.output<S>[]> {
    const items = await read(path, anyList);
    return parseEach(items, item, {
      service: 'Forecast',
      label,
      onSkipped,
      unique: (row) => ({ id: row.id }),
    });
  }

  /**
   * Reads every page of a v4 list in turn, stopping by the rules of docs/reference/forecast-api.md,
   * "Response envelope and pagination".
   */
  async function readAllPages<S extends z.ZodType<{ id: number }>>(
    path: string,
    item: S,
    label: string,
  ): Promise<z.output<S>[]> {
    // Order across pages is undocumented and data may change mid-read: keep one row per id.
    const byId = new Map<number, z.output<S>>();
    for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
      const page = await read(path, anyPage, {
        pageNumber,
        pageSize: TIME_REGISTRATION_PAGE_SIZE,
      });
      const kept = parseEach(page.pageContents, item, { service: 'Forecast', label, onSkipped });
      for (const row of kept) byId.set(row.id, row);
      const size = page.pageSize || TIME_REGISTRATION_PAGE_SIZE;
      if (
        page.pageContents.length === 0 ||
        page.pageContents.length < size ||
        pageNumber * size >= page.totalObjectCount
      ) {
        return [...byId.values()];
      }
    }
    throw new UpstreamError(
      'Forecast',
      'malformed_response',
      `GET ${path} kept sending full pages past page ${MAX_PAGES}`,
    );
  }

  return {
    listProjects: () => readList('/api/v1/projects', forecastProjectSchema, 'project'),
    clients: () => readList('/api/v1/clients', forecastClientSchema, 'client'),
    getProject: (projectId) => read(`/api/v1/projects/${projectId}`, forecastProjectSchema),
    rateCards: () => readList('/api/v1/rate_cards', forecastRateCardSchema, 'rate card'),
    projectInvoices: async (projectId) =>
      withCurrency(
        await readList(`/api/v1/projects/${projectId}/invoices`, forecastInvoiceSchema, 'invoice'),
      ),
    listInvoices: async () =>
      withCurrency(await readList('/api/v1/invoices', forecastInvoiceSchema, 'invoice')),
    retainerPeriods: (projectId) =>
      readList(
        `/api/v1/projects/${projectId}/retainer_periods`,
        forecastRetainerPeriodSchema,
        'retainer period',
      ),
    async persons() {
      const all = await readList('/api/v2/persons', forecastPersonSchema, 'person');
      return all.filter(
        (p) => !p.is_system_user && (p.client_id === null || p.client_id === undefined),
      );
    },
    personCostPeriods: () =>
      readList('/api/v1/person_cost_periods', forecastCostPeriodSchema, 'person cost period'),
    timeRegistrations({ updatedAfter } = {}) {
      const path = updatedAfter
        ? `/api/v4/time_registrations/updated_after/${formatUpdatedAfter(updatedAfter)}`
        : '/api/v4/time_registrations';
      return readAllPages(path, forecastTimeRegistrationSchema, 'time registration');
    },
    timeRegistration: (registrationId) =>
      read(`/api/v3/time_registrations/${registrationId}`, forecastTimeRegistrationSchema),
    deletedTimeRegistrations: () =>
      readAllPages(
        '/api/v4/time_registrations/deleted',
        forecastDeletedRegistrationSchema,
        'deleted registration',
      ),
    holidayCalendars: () =>
      readList('/api/v1/holiday_calendars', forecastHolidayCalendarSchema, 'holiday calendar'),
    holidayCalendarEntries: () =>
      readList(
        '/api/v1/holiday_calendar_entries',
        forecastHolidayCalendarEntrySchema,
        'holiday calendar entry',
      ),
    allocations: () => readList('/api/v1/allocations', forecastAllocationSchema, 'allocation'),
    nonProjectTime: () =>
      readList('/api/v1/non_project_time', forecastNonProjectTimeSchema, 'non-project time'),
    departments: () => readList('/api/v1/departments', forecastDepartmentSchema, 'department'),
    roles: () => readList('/api/v1/roles', forecastRoleSchema, 'role'),
  };
}
