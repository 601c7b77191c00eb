/**
 * The Forecast (api.forecast.it) client: the real endpoints of docs/reference/forecast-api.md
 * over the shared HTTP core (timeouts, retries, concurrency limit, UpstreamError), with every
 * response checked against the schemas before anyone reads it.
 */
import type { z } from 'zod';
import { describeZodError } from '../errors';
import { createHttpClient, UpstreamError, type HttpClientOptions } from '../http';
import {
  forecastAllocationListSchema,
  forecastDepartmentListSchema,
  forecastHolidayCalendarEntryListSchema,
  forecastHolidayCalendarListSchema,
  forecastNonProjectTimeListSchema,
  type ForecastAllocation,
  type ForecastDepartment,
  type ForecastHolidayCalendar,
  type ForecastHolidayCalendarEntry,
  type ForecastNonProjectTime,
  forecastCostPeriodListSchema,
  forecastDeletedRegistrationPageSchema,
  forecastInvoiceListSchema,
  forecastPersonListSchema,
  forecastProjectListSchema,
  forecastProjectSchema,
  forecastRateCardListSchema,
  forecastRetainerPeriodListSchema,
  forecastTimeRegistrationPageSchema,
  type ForecastCostPeriod,
  type ForecastDeletedRegistration,
  type ForecastInvoice,
  type ForecastPage,
  type ForecastPerson,
  type ForecastProject,
  type ForecastRateCard,
  type ForecastRetainerPeriod,
  type ForecastTimeRegistration,
} from './schemas';

export const FORECAST_BASE_URL = 'https://api.forecast.it';
/** Rows per page of the v4 time registration lists (public client code asks for 500). */
export const TIME_REGISTRATION_PAGE_SIZE = 500;
/** A guard against a server that never signals the last page; 5,000 pages is 2.5 million rows. */
const MAX_PAGES = 5_000;

export type ForecastClientOptions = {
  baseUrl?: string;
  apiKey: string;
  fetch?: typeof fetch;
} & Partial<Omit<HttpClientOptions, 'service' | 'baseUrl' | 'headers' | 'fetch'>>;

export interface ForecastClient {
  /** Every project of the account. */
  listProjects(): Promise<ForecastProject[]>;
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
  /** Every deleted registration (v4 has no filter on this list). */
  deletedTimeRegistrations(): Promise<ForecastDeletedRegistration[]>;
  holidayCalendars(): Promise<ForecastHolidayCalendar[]>;
  /** Every entry of every holiday calendar. */
  holidayCalendarEntries(): Promise<ForecastHolidayCalendarEntry[]>;
  /** Project allocations and time off (allocations to non-project time). */
  allocations(): Promise<ForecastAllocation[]>;
  nonProjectTime(): Promise<ForecastNonProjectTime[]>;
  departments(): Promise<ForecastDepartment[]>;
}

/** `updated_after` as Forecast wants it in the v4 path: YYYYMMDDTHHmmss, UTC. */
export function formatUpdatedAfter(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace(/[-:]/g, '');
}

export function createForecastClient(options: ForecastClientOptions): ForecastClient {
  const { baseUrl = FORECAST_BASE_URL, apiKey, ...overrides } = options;
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

  /**
   * Reads every page of a v4 list in turn, stopping by the rules of docs/reference/forecast-api.md,
   * "Response envelope and pagination".
   */
  async function readAllPages<Item extends { id: number }>(
    path: string,
    schema: z.ZodType<ForecastPage<Item>>,
  ): Promise<Item[]> {
    // Order across pages is undocumented and data may change mid-read: keep one row per id.
    const byId = new Map<number, Item>();
    for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
      const page = await read(path, schema, { pageNumber, pageSize: TIME_REGISTRATION_PAGE_SIZE });
      for (const item of page.pageContents) byId.set(item.id, item);
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
    listProjects: () => read('/api/v1/projects', forecastProjectListSchema),
    getProject: (projectId) => read(`/api/v1/projects/${projectId}`, forecastProjectSchema),
    rateCards: () => read('/api/v1/rate_cards', forecastRateCardListSchema),
    projectInvoices: (projectId) =>
      read(`/api/v1/projects/${projectId}/invoices`, forecastInvoiceListSchema),
    listInvoices: () => read('/api/v1/invoices', forecastInvoiceListSchema),
    retainerPeriods: (projectId) =>
      read(`/api/v1/projects/${projectId}/retainer_periods`, forecastRetainerPeriodListSchema),
    async persons() {
      const all = await read('/api/v2/persons', forecastPersonListSchema);
      return all.filter(
        (p) => !p.is_system_user && (p.client_id === null || p.client_id === undefined),
      );
    },
    personCostPeriods: () => read('/api/v1/person_cost_periods', forecastCostPeriodListSchema),
    timeRegistrations({ updatedAfter } = {}) {
      const path = updatedAfter
        ? `/api/v4/time_registrations/updated_after/${formatUpdatedAfter(updatedAfter)}`
        : '/api/v4/time_registrations';
      return readAllPages(path, forecastTimeRegistrationPageSchema);
    },
    deletedTimeRegistrations: () =>
      readAllPages('/api/v4/time_registrations/deleted', forecastDeletedRegistrationPageSchema),
    holidayCalendars: () => read('/api/v1/holiday_calendars', forecastHolidayCalendarListSchema),
    holidayCalendarEntries: () =>
      read('/api/v1/holiday_calendar_entries', forecastHolidayCalendarEntryListSchema),
    allocations: () => read('/api/v1/allocations', forecastAllocationListSchema),
    nonProjectTime: () => read('/api/v1/non_project_time', forecastNonProjectTimeListSchema),
    departments: () => read('/api/v1/departments', forecastDepartmentListSchema),
  };
}
