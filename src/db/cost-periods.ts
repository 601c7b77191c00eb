/**
 * The one cost-rate rule in SQL (docs/decisions/113-one-cost-rate-rule.md). The Forecast sync
 * stores each person's cost periods as dated ranges that never overlap (`costPeriodRanges`:
 * from its start, NULL meaning since ever, to the day before the next period's start, NULL
 * meaning still in force), so the rate of a day is a lookup: the stored range holding the day,
 * else the person's own cost, else the default. Gross Margins and the weekly figures join it
 * here; Weekly Hours applies `costRateOn` to the same stored ranges.
 * Needs `tr` (forecast_time_registrations) and `person` (forecast_persons) in the query.
 */
export const RATE_JOIN_SQL = `LEFT JOIN forecast_person_cost_periods period
      ON period.person_id = tr.person_id
     AND (period.start_date IS NULL OR period.start_date <= tr.date)
     AND (period.end_date IS NULL OR tr.date <= period.end_date)`;

/** The hourly cost of `tr`'s day; `defaultRateParam` is the parameter holding the default rate. */
export const rateSql = (defaultRateParam: string) =>
  `COALESCE(period.cost, person.cost, ${defaultRateParam}::numeric)`;

/** Whether a cost period or the person's own cost applied (not the default). */
export const RATE_KNOWN_SQL = '(period.cost IS NOT NULL OR person.cost IS NOT NULL)';

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
