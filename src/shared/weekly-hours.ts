/**
 * The Weekly Hours tab's data (docs/product-spec.md, "Entities and their fields", 'Agency time
 * data for a week'): the response of GET /api/agency-time-entries, shared by the server that
 * builds it and the island that shows it.
 */
import type { IsoDate } from './calendar';
import type { Amount, CurrencyCode } from './currency';

export interface TimeEntry {
  id: number;
  date: IsoDate;
  personName: string;
  notes?: string;
  hours: number;
}

export interface ProjectTimeData {
  /** The Forecast project id: time is logged on Forecast projects, on the dashboard or not. */
  projectId: number;
  projectName: string;
  totalHours: number;
  timeEntries: TimeEntry[];
}

/**
 * The response of GET /api/agency-time-entries (docs/product-spec.md, "Entities and their fields").
 * Money to the cent. `currency` is the company currency, that of the internal cost and of
 * `totalInvoicesSent` (the invoices in it, which a margin can be set against);
 * `invoicesSent` has the week's invoices in every currency, one total each.
 */
export interface AgencyTimeData {
  weekStart: IsoDate;
  weekEnd: IsoDate;
  currency: CurrencyCode;
  totalHours: number;
  totalInternalCost: number;
  totalInvoicesSent: number;
  invoicesSent: Amount[];
  projectTimeData: ProjectTimeData[];
}

/** Weekly Hours for one week: where a week's hours and cost lead, to the entries they sum. */
export const weeklyHoursHref = (weekStart: IsoDate) => `/agency?week=${weekStart}`;
