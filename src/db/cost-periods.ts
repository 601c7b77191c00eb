/**
 * The stored cost periods, as dated ranges that never overlap (`costPeriodRanges`: from its
 * start, NULL meaning since ever, to the day before the next period's start, NULL meaning still
 * in force). The rate of a day is read from them by the SQL function `cost_rate_on`
 * (sql/0080_cost_rate_on.sql, docs/decisions/265-cost-rate-rule-in-one-sql-function.md).
 */
import type { IsoDate } from '../shared/calendar';
import { bulkInsert } from './bulk';
import type { Db } from './port';

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
