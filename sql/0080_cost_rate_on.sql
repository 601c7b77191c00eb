-- The one cost-rate rule (docs/decisions/265-cost-rate-rule-in-one-sql-function.md, over the
-- stored ranges of docs/decisions/113-one-cost-rate-rule.md): a person's internal hourly
-- cost on a day is the stored cost range holding the day, else the person's own cost; NULL when
-- neither is known, and the reader applies the default rate (DEFAULT_HOURLY_RATE,
-- src/shared/money.ts). Every query that costs time calls it; costRateOn in src/shared/money.ts
-- is only the tests' oracle.
--
-- A table function of at most one row rather than a scalar: PostgreSQL (and PGlite) inline it
-- into the caller's query, `LEFT JOIN LATERAL cost_rate_on(tr.person_id, tr.date) rate ON true`,
-- and flatten it into a hash join on the person, so costing thousands of registrations stays one
-- join. A scalar SQL function holding a lookup is never inlined, and a body with outer joins is
-- not flattened: each ran 3-10 times slower over the demo agency's 4,200 registrations
-- (docs/performance-notes.md, "The cost-rate function").
--
-- The rates as ranges covering all time: the stored ranges (the Forecast sync writes them
-- contiguous from the first start, never overlapping, so at most one holds a day) and, before a
-- person's first start (always, with no period), the person's own cost.
CREATE FUNCTION cost_rate_on(person_id integer, day date) RETURNS TABLE (cost numeric)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT rate.cost
  FROM (
    SELECT period.person_id, period.start_date, period.end_date, period.cost
    FROM forecast_person_cost_periods period
    UNION ALL
    SELECT person.id, NULL::date,
           (SELECT min(first.start_date) - 1 FROM forecast_person_cost_periods first
             WHERE first.person_id = person.id),
           person.cost
    FROM forecast_persons person
    WHERE NOT EXISTS (SELECT FROM forecast_person_cost_periods always
                       WHERE always.person_id = person.id AND always.start_date IS NULL)
  ) rate
  WHERE rate.person_id = cost_rate_on.person_id
    AND (rate.start_date IS NULL OR rate.start_date <= cost_rate_on.day)
    AND (rate.end_date IS NULL OR cost_rate_on.day <= rate.end_date)
$$;

-- The kept sums of sql/0070_forecast_time_costs.sql (docs/decisions/239) now call the rule
-- instead of carrying their own copy; the triggers already call this function.
CREATE OR REPLACE FUNCTION recompute_forecast_time_costs() RETURNS void LANGUAGE sql AS $$
  DELETE FROM forecast_time_costs;
  INSERT INTO forecast_time_costs (forecast_project_id, person_id, cost, minutes)
  SELECT tr.forecast_project_id, tr.person_id, rate.cost, SUM(tr.minutes)
  FROM forecast_time_registrations tr
  LEFT JOIN LATERAL cost_rate_on(tr.person_id, tr.date) rate ON true
  WHERE tr.forecast_project_id IS NOT NULL
  GROUP BY tr.forecast_project_id, tr.person_id, rate.cost;
$$;

SELECT recompute_forecast_time_costs();
