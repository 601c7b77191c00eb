/**
 * The shapes of the Forecast responses we read, written from docs/reference/forecast-api.md.
 * Only the fields the dashboard uses are required; everything else Forecast sends is ignored,
 * so an additive change upstream does not break the sync while a changed type or a missing
 * field we rely on is caught at the door (the client turns it into a 'malformed_response').
 */
import { z } from 'zod';
import { MAX_AMOUNT, MAX_HOURLY_RATE, MAX_INTEGER } from '../../shared/column-limits';
import { isIsoDate, parseUpstreamInstant } from '../../shared/calendar';
import { type CurrencyCode, isCurrencyCode } from '../../shared/currency';

// Numbers are bounded by the columns they are stored in (src/shared/column-limits.ts): a value
// beyond them makes its record skipped, or a single read a clear 502, never a failed write.
const id = z
  .number()
  .int()
  .min(-MAX_INTEGER - 1)
  .max(MAX_INTEGER);
/** Time registration ids are stored as bigint. */
const registrationId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A sum of money, positive or negative. */
const money = z.number().min(-MAX_AMOUNT).max(MAX_AMOUNT);
const minutes = z.number().min(0).max(MAX_INTEGER);
const ref = id.nullable();
/** A real calendar day: '2026-02-30' fails its record (docs/decisions/375). */
const isoDate = z.string().refine(isIsoDate, 'expected a real YYYY-MM-DD date');
/** A date and time the database can store: one it cannot fails its record, not the write. */
const timestamp = z
  .string()
  .refine((t) => parseUpstreamInstant(t) !== null, 'expected a date and time');
/** Money and minutes that Forecast may leave out or send as null mean nothing: 0. */
const amount = money.nullish().transform((n) => n ?? 0);
/**
 * Minutes of one weekday (a working week, an allocation), stored as integer columns: a fraction
 * is rounded, and a day of less than none or more than 24 hours fails its record
 * (docs/decisions/375). Left out or null means none.
 */
const dayMinutes = z
  .number()
  .min(0)
  .max(24 * 60)
  .nullish()
  .transform((n) => Math.round(n ?? 0));
const weekMinutes = {
  monday: dayMinutes,
  tuesday: dayMinutes,
  wednesday: dayMinutes,
  thursday: dayMinutes,
  friday: dayMinutes,
  saturday: dayMinutes,
  sunday: dayMinutes,
};

// Projects (v1; docs/reference/forecast-api.md, "Projects")
export const forecastProjectSchema = z.object({
  id,
  company_project_id: id.nullish(),
  name: z.string(),
  // Documented: PLANNING, RUNNING, HALTED, DONE (and OPPORTUNITY elsewhere); kept open.
  stage: z.string(),
  // Health colour GREEN / YELLOW / RED.
  status: z.string().nullish(),
  budget_type: z.string().nullish(),
  budget: money.nullish(),
  baseline_target: money.nullish(),
  client: ref.optional(),
  rate_card: ref.optional(),
  start_date: isoDate.nullish(),
  end_date: isoDate.nullish(),
  updated_at: timestamp.nullish(),
});
export type ForecastProject = z.infer<typeof forecastProjectSchema>;
export const forecastProjectListSchema = z.array(forecastProjectSchema);

// Clients (v1; docs/reference/forecast-api.md, "Projects"): a project's `client` by name.
export const forecastClientSchema = z.object({
  id,
  name: z.string().trim().min(1, 'expected a name'),
});
export type ForecastClientRecord = z.infer<typeof forecastClientSchema>;
export const forecastClientListSchema = z.array(forecastClientSchema);

// Rate cards (v1; docs/reference/forecast-api.md, "Projects"): the project's hourly rate is its
// rate card's default rate.
export const forecastRateCardSchema = z.object({
  id,
  name: z.string().nullish(),
  default_rate: z.number().min(0).max(MAX_HOURLY_RATE).nullish(),
  currency: z.string().nullish(),
});
export type ForecastRateCard = z.infer<typeof forecastRateCardSchema>;
export const forecastRateCardListSchema = z.array(forecastRateCardSchema);

// Invoices (v1; docs/reference/forecast-api.md, "Invoices"): no total field; totals come from the
// entries, paid from the payments.
export const forecastInvoiceEntrySchema = z
  .object({
    id,
    invoice_id: id.nullish(),
    project_id: ref,
    name: z.string().nullish(),
    quantity: z.number(),
    unit_price: money,
    discount: amount,
    tax: amount,
  })
  .refine((e) => Math.abs(e.quantity * e.unit_price) <= MAX_AMOUNT, {
    message: `quantity × unit_price is beyond ${MAX_AMOUNT}`,
  });
export type ForecastInvoiceEntry = z.infer<typeof forecastInvoiceEntrySchema>;

export const forecastPaymentSchema = z.object({
  id,
  invoice_id: id.nullish(),
  amount: money,
  date: isoDate.nullish(),
});

export const forecastInvoiceSchema = z.object({
  id,
  company_invoice_id: id.nullish(),
  project_id: ref.optional(),
  client_id: ref.optional(),
  name: z.string().nullish(),
  invoice_reference: z.string().nullish(),
  invoice_type: z.string().nullish(),
  // Left out, Forecast means the company currency: the client fills that in.
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, 'expected an ISO 4217 currency code')
    .nullish(),
  created_date: isoDate,
  due_date: isoDate.nullish(),
  // Workflow DRAFT → APPROVED → SENT.
  status: z.string(),
  // Absent when an accounting integration (Xero, QuickBooks, e-conomic) is connected.
  payment_status: z.string().nullish(),
  entries: z.array(forecastInvoiceEntrySchema),
  payments: z
    .array(forecastPaymentSchema)
    .nullish()
    .transform((p) => p ?? []),
});
export type ForecastInvoiceJson = z.infer<typeof forecastInvoiceSchema>;
/** An invoice as the client returns it: always with the currency its amounts are in. */
export type ForecastInvoice = Omit<ForecastInvoiceJson, 'currency'> & { currency: CurrencyCode };
export const forecastInvoiceListSchema = z.array(forecastInvoiceSchema);

// Retainer periods (v1; docs/reference/forecast-api.md, "Retainer periods"): split dates, no number
// and no status (we derive both).
const year = z.number().int().min(1970).max(9999);
const month = z.number().int().min(1).max(12);
const day = z.number().int().min(1).max(31);
const pad2 = (n: number) => String(n).padStart(2, '0');
/** Whether split date fields name a real day (February 30 does not); absent parts pass. */
function realDay(
  y: number | null | undefined,
  m: number | null | undefined,
  d: number | null | undefined,
): boolean {
  if (y == null || m == null || d == null) return true;
  return isIsoDate(`${y}-${pad2(m)}-${pad2(d)}`);
}
const IMPOSSIBLE_DAY = 'the year, month and day name no real date';
export const forecastRetainerPeriodSchema = z
  .object({
    id,
    name: z.string().nullish(),
    project_id: id,
    start_year: year,
    start_month: month,
    start_day: day,
    end_year: year,
    end_month: month,
    end_day: day,
    period_length: z.number().nullish(),
    retainer_budget_type: z.string().nullish(),
    retainer_billing_period: z.string().nullish(),
    period_locked: z.boolean(),
    invoice_id: ref.optional(),
    period_target_minutes: amount,
    period_target_price: amount,
    actual_billable_minutes: amount,
    actual_billable_value_of_service: amount,
  })
  .refine((p) => realDay(p.start_year, p.start_month, p.start_day), {
    message: IMPOSSIBLE_DAY,
    path: ['start_day'],
  })
  .refine((p) => realDay(p.end_year, p.end_month, p.end_day), {
    message: IMPOSSIBLE_DAY,
    path: ['end_day'],
  });
export type ForecastRetainerPeriod = z.infer<typeof forecastRetainerPeriodSchema>;
export const forecastRetainerPeriodListSchema = z.array(forecastRetainerPeriodSchema);

// Persons (v2; docs/reference/forecast-api.md, "Persons")
export const forecastPersonSchema = z.object({
  id,
  first_name: z
    .string()
    .nullish()
    .transform((s) => s ?? ''),
  last_name: z
    .string()
    .nullish()
    .transform((s) => s ?? ''),
  email: z.string().nullish(),
  active: z.boolean(),
  is_system_user: z.boolean(),
  client_id: ref.optional(),
  cost: money.nullish(),
  start_date: isoDate.nullish(),
  end_date: isoDate.nullish(),
  // Capacity (docs/reference/forecast-api.md, "Persons"): working minutes per weekday, the
  // holiday calendar and the department (the team on the Capacity page).
  ...weekMinutes,
  holiday_calendar_id: ref.optional(),
  department_id: ref.optional(),
  // The roster's role (docs/decisions/390): the id of one of GET /api/v1/roles.
  default_role: ref.optional(),
});
export type ForecastPerson = z.infer<typeof forecastPersonSchema>;
export const forecastPersonListSchema = z.array(forecastPersonSchema);

// Person cost periods (v1; docs/reference/forecast-api.md, "Person cost periods"): the first period
// of a person has no start.
export const forecastCostPeriodSchema = z
  .object({
    id,
    person_id: id,
    start_year: year.nullish(),
    start_month: month.nullish(),
    start_day: day.nullish(),
    cost: money,
  })
  .refine((p) => realDay(p.start_year, p.start_month, p.start_day), {
    message: IMPOSSIBLE_DAY,
    path: ['start_day'],
  });
export type ForecastCostPeriod = z.infer<typeof forecastCostPeriodSchema>;
export const forecastCostPeriodListSchema = z.array(forecastCostPeriodSchema);

// Time registrations (v4, paginated; docs/reference/forecast-api.md, "Time registrations")
export const forecastTimeRegistrationSchema = z.object({
  id: registrationId,
  person: id,
  project: ref,
  task: ref.optional(),
  task_project: ref.optional(),
  non_project_time: ref.optional(),
  time_registered: minutes,
  billable_minutes_registered: amount,
  date: isoDate,
  notes: z.string().nullish(),
  approval_status: z.string().nullish(),
  updated_at: timestamp,
});
export type ForecastTimeRegistration = z.infer<typeof forecastTimeRegistrationSchema>;

// Deleted registrations (v4, paginated, camelCase; docs/reference/forecast-api.md,
// "Deleted registrations"): only the id matters to us.
export const forecastDeletedRegistrationSchema = z.object({
  id: registrationId,
  minutesRegistered: z.number().nullish(),
  person: z.object({ id, name: z.string().nullish(), email: z.string().nullish() }).nullish(),
  deletedAt: z.string().nullish(),
});
export type ForecastDeletedRegistration = z.infer<typeof forecastDeletedRegistrationSchema>;

// The envelope of the paginated v4 endpoints (docs/reference/forecast-api.md,
// "Response envelope and pagination").
export function forecastPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    pageNumber: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    totalObjectCount: z.number().int().min(0),
    pageContents: z.array(item),
  });
}
export const forecastTimeRegistrationPageSchema = forecastPageSchema(
  forecastTimeRegistrationSchema,
);
export const forecastDeletedRegistrationPageSchema = forecastPageSchema(
  forecastDeletedRegistrationSchema,
);

// Capacity (v1; docs/reference/forecast-api.md, "Holiday calendars", "Allocations",
// "Non-project time", "Departments").
export const forecastHolidayCalendarSchema = z.object({ id, name: z.string().nullish() });
export const forecastHolidayCalendarListSchema = z.array(forecastHolidayCalendarSchema);
export type ForecastHolidayCalendar = z.infer<typeof forecastHolidayCalendarSchema>;

export const forecastHolidayCalendarEntrySchema = z
  .object({
    id,
    holiday_calendar_id: id,
    year,
    month,
    day,
    name: z
      .string()
      .nullish()
      .transform((s) => s ?? 'Holiday'),
  })
  .refine((e) => realDay(e.year, e.month, e.day), { message: IMPOSSIBLE_DAY, path: ['day'] });
export const forecastHolidayCalendarEntryListSchema = z.array(forecastHolidayCalendarEntrySchema);
export type ForecastHolidayCalendarEntry = z.infer<typeof forecastHolidayCalendarEntrySchema>;

export const forecastAllocationSchema = z.object({
  id,
  project: ref.optional(),
  non_project_time: ref.optional(),
  person: ref.optional(),
  start_date: isoDate,
  end_date: isoDate,
  ...weekMinutes,
});
export const forecastAllocationListSchema = z.array(forecastAllocationSchema);
export type ForecastAllocation = z.infer<typeof forecastAllocationSchema>;

// is_internal_time: false is time off (vacation, sick leave), true internal work (docs/reference/forecast-api.md).
export const forecastNonProjectTimeSchema = z.object({
  id,
  name: z.string().nullish(),
  is_internal_time: z.boolean().nullish(),
});
export const forecastNonProjectTimeListSchema = z.array(forecastNonProjectTimeSchema);
export type ForecastNonProjectTime = z.infer<typeof forecastNonProjectTimeSchema>;

export const forecastDepartmentSchema = z.object({ id, name: z.string().nullish() });
export const forecastDepartmentListSchema = z.array(forecastDepartmentSchema);
export type ForecastDepartment = z.infer<typeof forecastDepartmentSchema>;

// Roles (v1; docs/reference/forecast-api.md, "Roles"): a person's default role names what they do.
export const forecastRoleSchema = z.object({ id, name: z.string().nullish() });
export type ForecastRole = z.infer<typeof forecastRoleSchema>;
