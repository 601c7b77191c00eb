/**
 * Week-by-week time and invoices from the synced Forecast tables, for the trends, budget burn
 * and cost per point (docs/decisions/171-173). Time is grouped by project, week and the cost
 * rate in force on each day, the one rate rule `cost_rate_on` (sql/0080_cost_rate_on.sql,
 * docs/decisions/265-cost-rate-rule-in-one-sql-function.md); the caller multiplies, so every
 * screen costs an hour the same way.
 */
import { DEFAULT_HOURLY_RATE } from '../shared/money';
import type { IsoDate } from '../shared/calendar';
import type { Db } from './port';

export interface WeekTime {
  forecastProjectId: number;
  /** The Monday of the week (weeks run Monday to Sunday on the registrations' own dates). */
  weekStart: IsoDate;
  minutes: number;
  billableMinutes: number;
  hourlyRate: number;
}

export interface WeekInvoices {
  forecastProjectId: number;
  weekStart: IsoDate;
  /** The invoices' currency; null for invoices stored before they kept it. */
  currency: string | null;
  /** Non-draft invoice amounts dated in the week, tax excluded, in `currency`. */
  amount: number;
}

export interface WeeklyFigures {
  time: WeekTime[];
  invoices: WeekInvoices[];
}

// Each list travels as one JSON text: PGlite decodes one JSON far faster than many rows.
const WEEKLY_FIGURES_SQL = `
  WITH time AS (
    SELECT tr.forecast_project_id, date_trunc('week', tr.date)::date AS week_start,
           COALESCE(rate.cost, $3::numeric) AS hourly_rate,
           SUM(tr.minutes)::int AS minutes, SUM(tr.billable_minutes)::int AS billable_minutes
    FROM forecast_time_registrations tr
    LEFT JOIN LATERAL cost_rate_on(tr.person_id, tr.date) rate ON true
    WHERE tr.date BETWEEN $1::date AND $2::date AND tr.forecast_project_id IS NOT NULL
      AND ($4::int IS NULL OR tr.forecast_project_id = $4::int)
    GROUP BY 1, 2, 3
  )
  SELECT
    (SELECT COALESCE(json_agg(json_build_array(forecast_project_id, week_start, minutes, billable_minutes, hourly_rate)), '[]')::text
       FROM time) AS time,
    (SELECT COALESCE(json_agg(json_build_array(forecast_project_id, week_start, amount, currency)), '[]')::text
       FROM (SELECT forecast_project_id, date_trunc('week', invoice_date)::date AS week_start, currency, SUM(amount) AS amount
               FROM forecast_invoices
              WHERE status <> 'DRAFT' AND invoice_date BETWEEN $1::date AND $2::date
                AND ($4::int IS NULL OR forecast_project_id = $4::int)
              GROUP BY 1, 2, 3) i) AS invoices`;

/**
 * Time and non-draft invoices from `from` to `to` (both included; pass a Monday and a Sunday),
 * for every Forecast project, or only `forecastProjectId`.
 */
export async function readWeeklyFigures(
  db: Db,
  range: { from: IsoDate; to: IsoDate },
  forecastProjectId: number | null = null,
): Promise<WeeklyFigures> {
  const [row] = await db.query<{ time: string; invoices: string }>(WEEKLY_FIGURES_SQL, [
    range.from,
    range.to,
    DEFAULT_HOURLY_RATE,
    forecastProjectId,
  ]);
  return {
    time: (JSON.parse(row!.time) as [number, IsoDate, number, number, number][]).map(
      ([id, weekStart, minutes, billableMinutes, hourlyRate]) => ({
        forecastProjectId: id,
        weekStart,
        minutes,
        billableMinutes,
        hourlyRate: Number(hourlyRate),
      }),
    ),
    invoices: (JSON.parse(row!.invoices) as [number, IsoDate, number, string | null][]).map(
      ([id, weekStart, amount, currency]) => ({
        forecastProjectId: id,
        weekStart,
        currency,
        amount: Number(amount),
      }),
    ),
  };
}

/** Internal cost of some time: Σ minutes / 60 × rate, unrounded (callers round once, as Weekly Hours does). */
export function costOf(time: readonly Pick<WeekTime, 'minutes' | 'hourlyRate'>[]): number {
  return time.reduce((sum, t) => sum + (t.minutes / 60) * t.hourlyRate, 0);
}
