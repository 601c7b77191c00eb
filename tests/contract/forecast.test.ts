/**
 * The Forecast contract: the schemas accept the documented shapes (the examples of
 * docs/reference/forecast-api.md, copied below), and the demo handlers answer every endpoint
 * the client calls with bodies those same schemas accept, so the mock cannot drift from them.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createForecastHandlers } from '../../src/mocks/forecast/handlers';
import {
  forecastCostPeriodListSchema,
  forecastDeletedRegistrationPageSchema,
  forecastInvoiceListSchema,
  forecastInvoiceSchema,
  forecastPersonListSchema,
  forecastProjectListSchema,
  forecastProjectSchema,
  forecastClientListSchema,
  forecastRateCardListSchema,
  forecastRetainerPeriodListSchema,
  forecastTimeRegistrationPageSchema,
} from '../../src/services/forecast/schemas';

const referenceExamples = {
  projects: [
    {
      id: 4021,
      company_project_id: 57,
      custom_project_id: 'ACME-RET',
      name: 'Acme support retainer',
      stage: 'RUNNING',
      status: 'YELLOW',
      status_description: 'Two weeks over target',
      budget_type: 'RETAINER',
      budget: 48000.0,
      baseline_target: 0,
      client: 311,
      rate_card: 12,
      start_date: '2025-01-06',
      end_date: '2025-12-28',
      default_period_periodicity: 'WEEKLY',
      default_period_length: 1,
      default_period_budget_type: 'FIXED_PRICE',
      default_period_hours_amount: 0,
      default_period_price_amount: 2400.0,
      labels: [],
      created_at: '2024-12-02T10:15:00Z',
      updated_at: '2025-03-10T16:02:11Z',
    },
  ],
  invoice: {
    id: 8812,
    company_invoice_id: 143,
    project_id: 4021,
    client_id: 311,
    name: 'Acme retainer — March wk 1-2',
    invoice_reference: 'INV-143',
    invoice_type: 'FIXED_PRICE',
    currency: 'AUD',
    created_date: '2025-03-17',
    due_date: '2025-04-16',
    status: 'SENT',
    payment_status: 'PARTIALLY_PAID',
    notes: '',
    entries: [
      {
        id: 20931,
        invoice_id: 8812,
        project_id: 4021,
        name: 'Retainer week 10',
        quantity: 1,
        unit_price: 2400.0,
        discount: 0,
        tax: 10,
        description: '',
      },
      {
        id: 20932,
        invoice_id: 8812,
        project_id: 4021,
        name: 'Retainer week 11',
        quantity: 1,
        unit_price: 2400.0,
        discount: 0,
        tax: 10,
        description: '',
      },
    ],
    payments: [{ id: 771, invoice_id: 8812, amount: 2400.0, date: '2025-03-28', notes: 'EFT' }],
    created_by: 12,
    created_at: '2025-03-17T02:41:09Z',
    updated_at: '2025-03-28T05:00:31Z',
  },
  retainerPeriods: [
    {
      id: 6603,
      name: 'Week 11',
      project_id: 4021,
      start_year: 2025,
      start_month: 3,
      start_day: 10,
      end_year: 2025,
      end_month: 3,
      end_day: 16,
      period_length: 7,
      retainer_budget_type: 'FIXED_PRICE',
      retainer_billing_period: 'WEEKLY',
      period_locked: true,
      invoice_id: 8812,
      period_target_minutes: 0,
      period_rollover_minutes: 0,
      period_target_price: 2400.0,
      period_rollover_price: -150.0,
      estimated_billable_minutes: 1500,
      actual_billable_minutes: 1710,
      remaining_work_billable_minutes: 0,
      projected_total_billable_minutes: 1710,
      estimated_billable_value_of_service: 2250.0,
      actual_billable_value_of_service: 2565.0,
      remaining_work_billable_value_of_service: 0,
      projected_total_billable_value_of_service: 2565.0,
      created_at: '2025-01-06T00:00:00Z',
      created_by: 12,
      updated_at: '2025-03-17T02:41:09Z',
      updated_by: '12',
    },
  ],
  timeRegistrationPage: {
    pageNumber: 1,
    pageSize: 500,
    totalObjectCount: 2,
    pageContents: [
      {
        id: 90117,
        person: 12,
        project: null,
        task: 55102,
        task_project: 4021,
        phase: 880,
        non_project_time: null,
        role: 7,
        time_registered: 225,
        billable_minutes_registered: 225,
        date: '2025-03-11',
        notes: 'Checkout bug triage',
        approval_status: 'APPROVED',
        invoice: null,
        invoice_entry: null,
        created_by: 12,
        updated_by: 12,
        created_at: '2025-03-11T07:58:02Z',
        updated_at: '2025-03-11T07:58:02Z',
      },
      {
        id: 90131,
        person: 19,
        project: null,
        task: null,
        task_project: null,
        phase: null,
        non_project_time: 3,
        role: null,
        time_registered: 480,
        billable_minutes_registered: 0,
        date: '2025-03-12',
        notes: null,
        approval_status: 'NOT_SUBMITTED',
        invoice: null,
        invoice_entry: null,
        created_by: 19,
        updated_by: 19,
        created_at: '2025-03-12T22:10:40Z',
        updated_at: '2025-03-12T22:10:40Z',
      },
    ],
  },
  deletedPage: {
    pageNumber: 1,
    pageSize: 100,
    totalObjectCount: 1,
    pageContents: [
      {
        id: 90002,
        minutesRegistered: 60,
        person: { id: 12, name: 'Mia Chen', email: 'mia@agency.test' },
        registeredOn: {
          type: 'TASK',
          id: 55102,
          name: 'Checkout bugs',
          project: { id: 4021, name: 'Acme support retainer' },
        },
        datetime: '2025-03-10T09:00:00+01:00',
        deletedBy: { id: 12, name: 'Mia Chen', email: 'mia@agency.test' },
        deletedAt: '2025-03-10T09:05:12+01:00',
      },
    ],
  },
  persons: [
    {
      id: 12,
      first_name: 'Mia',
      last_name: 'Chen',
      email: 'mia@agency.test',
      job_title: 'Senior Developer',
      active: true,
      is_system_user: false,
      client_id: null,
      default_role: 7,
      department_id: 2,
      cost: 62.5,
      monday: 450,
      tuesday: 450,
      wednesday: 450,
      thursday: 450,
      friday: 450,
      saturday: 0,
      sunday: 0,
      start_date: '2023-02-01',
      end_date: null,
      created_at: '2023-01-20T08:00:00Z',
      updated_at: '2025-01-02T09:12:00Z',
    },
  ],
  costPeriods: [
    {
      id: 301,
      person_id: 12,
      cost: 55.0,
      created_at: '2023-01-20T08:00:00Z',
      updated_at: '2023-01-20T08:00:00Z',
    },
    {
      id: 388,
      person_id: 12,
      start_year: 2025,
      start_month: 1,
      start_day: 1,
      cost: 62.5,
      created_at: '2024-12-20T11:30:00Z',
      updated_at: '2024-12-20T11:30:00Z',
    },
  ],
};

describe("the schemas accept the reference's documented examples", () => {
  it.each([
    ['projects', forecastProjectListSchema, referenceExamples.projects],
    ['an invoice', forecastInvoiceSchema, referenceExamples.invoice],
    ['retainer periods', forecastRetainerPeriodListSchema, referenceExamples.retainerPeriods],
    [
      'a v4 time registration page',
      forecastTimeRegistrationPageSchema,
      referenceExamples.timeRegistrationPage,
    ],
    [
      'a v4 deleted registration page',
      forecastDeletedRegistrationPageSchema,
      referenceExamples.deletedPage,
    ],
    ['persons', forecastPersonListSchema, referenceExamples.persons],
    ['person cost periods', forecastCostPeriodListSchema, referenceExamples.costPeriods],
  ] as [string, z.ZodType, unknown][])('%s', (_name, schema, example) => {
    const result = schema.safeParse(example);
    expect(result.success ? 'ok' : result.error.issues).toBe('ok');
  });

  it('and refuse shapes the client cannot use', () => {
    const { pageContents, ...envelope } = referenceExamples.timeRegistrationPage;
    expect(forecastTimeRegistrationPageSchema.safeParse(envelope).success).toBe(false);
    expect(
      forecastTimeRegistrationPageSchema.safeParse({
        ...envelope,
        pageContents: [{ ...pageContents[0], date: '11/03/2025' }],
      }).success,
    ).toBe(false);
    expect(
      forecastInvoiceSchema.safeParse({ ...referenceExamples.invoice, entries: undefined }).success,
    ).toBe(false);
    expect(
      forecastRetainerPeriodListSchema.safeParse([
        { ...referenceExamples.retainerPeriods[0], start_month: 13 },
      ]).success,
    ).toBe(false);
    expect(
      forecastProjectSchema.safeParse({ ...referenceExamples.projects[0], id: '4021' }).success,
    ).toBe(false);
  });
});

const BASE = 'https://forecast.contract.test';
const KEY = 'contract-key';
// A Sunday, so the demo's current week is complete, at twice the default size.
const mock = createForecastHandlers({ baseUrl: BASE, apiKey: KEY, today: '2026-11-22', scale: 2 });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function get(path: string, key = KEY): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${BASE}${path}`, { headers: { 'X-FORECAST-API-KEY': key } });
  return { status: res.status, body: await res.json() };
}

describe('the demo handlers answer every endpoint the client calls in the documented shape', () => {
  const project = mock.data.projects[0]!;
  const retainer = mock.data.projects.find((p) => p.budget_type === 'RETAINER')!;
  it.each([
    ['/api/v1/projects', forecastProjectListSchema],
    [`/api/v1/projects/${project.id}`, forecastProjectSchema],
    [`/api/v1/projects/${project.id}/invoices`, forecastInvoiceListSchema],
    [`/api/v1/projects/${retainer.id}/retainer_periods`, forecastRetainerPeriodListSchema],
    ['/api/v1/invoices', forecastInvoiceListSchema],
    ['/api/v1/rate_cards', forecastRateCardListSchema],
    ['/api/v1/clients', forecastClientListSchema],
    ['/api/v2/persons', forecastPersonListSchema],
    ['/api/v1/person_cost_periods', forecastCostPeriodListSchema],
    ['/api/v4/time_registrations?pageNumber=3&pageSize=500', forecastTimeRegistrationPageSchema],
    [
      '/api/v4/time_registrations/updated_after/20260101T000000?pageSize=50',
      forecastTimeRegistrationPageSchema,
    ],
    ['/api/v4/time_registrations/deleted', forecastDeletedRegistrationPageSchema],
  ] as [string, z.ZodType][])('GET %s', async (path, schema) => {
    const { status, body } = await get(path);
    expect(status).toBe(200);
    const result = schema.safeParse(body);
    expect(result.success ? 'ok' : result.error.issues.slice(0, 3)).toBe('ok');
    if (Array.isArray(body)) expect(body.length).toBeGreaterThan(0);
  });

  it("names every project's client, each client once", () => {
    const ids = new Set(mock.data.clients.map((c) => c.id));
    expect(ids.size).toBe(mock.data.clients.length);
    for (const p of mock.data.projects) expect(ids.has(p.client!), p.name).toBe(true);
  });

  it('checks every invoice, registration and period, not only the first page', () => {
    expect(forecastInvoiceListSchema.safeParse(mock.data.invoices).success).toBe(true);
    expect(forecastRetainerPeriodListSchema.safeParse(mock.data.retainerPeriods).success).toBe(
      true,
    );
    const page = {
      pageNumber: 1,
      pageSize: mock.data.timeRegistrations.length,
      totalObjectCount: mock.data.timeRegistrations.length,
    };
    expect(
      forecastTimeRegistrationPageSchema.safeParse({
        ...page,
        pageContents: mock.data.timeRegistrations,
      }).success,
    ).toBe(true);
  });

  it('pages with the v4 envelope, falling back to page 1 of 100 for bad parameters', async () => {
    const { body } = await get('/api/v4/time_registrations?pageNumber=zero&pageSize=-5');
    expect(body).toMatchObject({
      pageNumber: 1,
      pageSize: 100,
      totalObjectCount: mock.data.timeRegistrations.length,
    });
    expect((body as { pageContents: unknown[] }).pageContents).toHaveLength(100);
  });

  it('answers errors as { status, message } with the HTTP status', async () => {
    const wrongKey = await get('/api/v1/projects', 'not-the-key');
    expect(wrongKey).toEqual({ status: 401, body: { status: 401, message: expect.any(String) } });
    const unknown = await get('/api/v1/projects/1/invoices');
    expect(unknown).toEqual({ status: 404, body: { status: 404, message: 'Project 1 not found' } });
    const badInstant = await get('/api/v4/time_registrations/updated_after/2026-01-01');
    expect(badInstant.status).toBe(400);
  });
});
