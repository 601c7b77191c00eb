import type { IsoDate } from '../shared/calendar';
import { bulkInsert } from './bulk';
import type { Db } from './port';

/**
 * The one cost-rate rule in SQL (docs/decisions/113-one-cost-rate-rule.md). The Forecast sync
 * stores each person's cost periods as dated ranges that never overlap (`costPeriodRanges`:
 * from its start, NULL meaning since ever, to the day before the next period's start, NULL
 * meaning still in force), so the rate of a day is a lookup: the stored range holding the day,
 * else the person's own cost, else the default. The weekly figures join it here; Gross Margins
 * reads forecast_time_costs, which sql/0070_forecast_time_costs.sql keeps with the same join
 * (docs/decisions/239); Weekly Hours applies `costRateOn` to the same stored ranges.
 * Needs `tr` (forecast_time_registrations) and `person` (forecast_persons) in the query.
 */
export const RATE_JOIN_SQL = `LEFT JOIN forecast_person_cost_periods period
      ON period.person_id = tr.person_id
     AND (period.start_date IS NULL OR period.start_date <= tr.date)
     AND (period.end_date IS NULL OR tr.date <= period.end_date)`;

/** The hourly cost of `tr`'s day; `defaultRateParam` is the parameter holding the default rate. */
export const rateSql = (defaultRateParam: string) =>
  `COALESCE(period.cost, person.cost, ${defaultRateParam}::numeric)`;

/**
 * The stored ranges of the persons in `personIdsSql` that overlap `$fromParam`..`$toParam`, as
 * [person_id, start_date, cost] tuples ordered by start, for `costRateOn`.
 */
export const costRangesInSql = (personIdsSql: string, fromParam: string, toParam: string) =>
  `SELECT COALESCE(json_agg(json_build_array(cp.person_id, cp.start_date, cp.cost) ORDER BY cp.person_id, cp.start_date NULLS FIRST, cp.id), '[]')::text
     FROM forecast_person_cost_periods cp
    WHERE cp.person_id IN (${personIdsSql})
      AND (cp.start_date IS NULL OR cp.start_date <= ${toParam}::date)
      AND (cp.end_date IS NULL OR cp.end_date >= ${fromParam}::date)`;

/** A cost period as a date range: `endDate` is the day before the person's next period starts. */
export interface CostPeriodRange {
  id: number;
  personId: number;
  /** null: the first period, in force since the beginning. */
  startDate: IsoDate | null;
  /** null: still in force. */
  endDate: IsoDate | null;
  cost: number;
}

/** Replaces every person's stored cost ranges (the account-wide sync). */
export async function replaceCostPeriods(
  db: Db,
  ranges: readonly CostPeriodRange[],
): Promise<void> {
  await db.query('DELETE FROM forecast_person_cost_periods');
  await bulkInsert(
    db,
    `INSERT INTO forecast_person_cost_periods (id, person_id, start_date, end_date, cost)
     SELECT id, person_id, start_date, end_date, cost
     FROM jsonb_to_recordset($1::text::jsonb) AS r(id integer, person_id integer, start_date date, end_date date, cost numeric)`,
    ranges.map((r) => ({
      id: r.id,
      person_id: r.personId,
      start_date: r.startDate,
      end_date: r.endDate,
      cost: r.cost,
    })),
  );
}
