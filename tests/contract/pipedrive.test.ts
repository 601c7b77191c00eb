/**
 * The Pipedrive contract: the demo handlers answer the calls the client makes with bodies the
 * schemas transcribed from Pipedrive's generated v2 models accept, pages chained by cursor, and
 * the Forecast capacity endpoints answer in the documented shapes.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createForecastHandlers } from '../../src/mocks/forecast/handlers';
import { createPipedriveHandlers } from '../../src/mocks/pipedrive/handlers';
import {
  forecastAllocationListSchema,
  forecastDepartmentListSchema,
  forecastHolidayCalendarEntryListSchema,
  forecastHolidayCalendarListSchema,
  forecastNonProjectTimeListSchema,
  forecastPersonListSchema,
} from '../../src/services/forecast/schemas';
import {
  pipedriveDealListSchema,
  pipedriveOrganizationListSchema,
  pipedrivePipelineListSchema,
  pipedriveStageListSchema,
} from '../../src/services/pipedrive/schemas';

const BASE = 'https://pipedrive.contract.test';
const TOKEN = 'contract-token';
const FORECAST = 'https://forecast.contract.test';
const pipedrive = createPipedriveHandlers({ baseUrl: BASE, apiToken: TOKEN, today: '2026-11-25' });
const forecast = createForecastHandlers({ baseUrl: FORECAST, apiKey: 'k', today: '2026-11-25' });
const server = setupServer(...pipedrive.handlers, ...forecast.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function get(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the Pipedrive demo handlers', () => {
  it.each([
    ['/api/v2/deals?status=open', pipedriveDealListSchema],
    ['/api/v2/stages', pipedriveStageListSchema],
    ['/api/v2/pipelines', pipedrivePipelineListSchema],
    ['/api/v2/organizations', pipedriveOrganizationListSchema],
  ] as [string, z.ZodType][])('GET %s answers the v2 shape', async (path, schema) => {
    const { status, body } = await get(`${BASE}${path}`, { 'x-api-token': TOKEN });
    expect(status).toBe(200);
    const parsed = schema.safeParse(body);
    expect(parsed.success ? 'ok' : parsed.error.issues.slice(0, 3)).toBe('ok');
  });

  it('has 12 to 20 deals, several stages, some without a probability, one in another currency', () => {
    const deals = pipedrive.data.deals;
    expect(deals.length).toBeGreaterThanOrEqual(12);
    expect(deals.length).toBeLessThanOrEqual(20);
    expect(new Set(deals.map((d) => d.stage_id)).size).toBeGreaterThan(3);
    expect(deals.some((d) => d.probability === null)).toBe(true);
    expect(new Set(deals.map((d) => d.currency)).size).toBe(2);
  });

  it('pages by cursor until next_cursor is null, and filters by status', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const { body } = await get(`${BASE}/api/v2/deals?status=open&limit=5${q}`, {
        'x-api-token': TOKEN,
      });
      const page = pipedriveDealListSchema.parse(body);
      expect(page.data.length).toBeLessThanOrEqual(5);
      seen.push(...page.data.map((d) => d.id));
      cursor = page.additional_data.next_cursor;
    } while (cursor);
    expect(seen).toEqual(pipedrive.data.deals.filter((d) => d.status === 'open').map((d) => d.id));
  });

  it("names every open deal's organisation, each listed once", async () => {
    const { body } = await get(`${BASE}/api/v2/organizations?limit=500`, { 'x-api-token': TOKEN });
    const orgs = pipedriveOrganizationListSchema.parse(body).data;
    expect(new Set(orgs.map((o) => o.id)).size).toBe(orgs.length);
    const known = new Set(orgs.map((o) => o.id));
    for (const d of pipedrive.data.deals) expect(known.has(d.org_id!), d.title).toBe(true);
  });

  it('refuses a missing token with 401', async () => {
    expect((await get(`${BASE}/api/v2/stages`, {})).status).toBe(401);
  });
});

describe('the Forecast capacity endpoints', () => {
  it.each([
    ['/api/v2/persons', forecastPersonListSchema],
    ['/api/v1/holiday_calendars', forecastHolidayCalendarListSchema],
    ['/api/v1/holiday_calendar_entries', forecastHolidayCalendarEntryListSchema],
    ['/api/v1/allocations', forecastAllocationListSchema],
    ['/api/v1/non_project_time', forecastNonProjectTimeListSchema],
    ['/api/v1/departments', forecastDepartmentListSchema],
  ] as [string, z.ZodType][])('GET %s answers the documented shape', async (path, schema) => {
    const { status, body } = await get(`${FORECAST}${path}`, { 'X-FORECAST-API-KEY': 'k' });
    expect(status).toBe(200);
    const parsed = schema.safeParse(body);
    expect(parsed.success ? 'ok' : parsed.error.issues.slice(0, 3)).toBe('ok');
    expect((body as unknown as unknown[]).length).toBeGreaterThan(0);
  });
});
