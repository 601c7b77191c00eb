-- Time on each Forecast project summed by person and by the cost rate in force on each day
-- (docs/decisions/239): Gross Margins and the portfolio's budget gauges read these few rows
-- instead of costing every registration on every request. Statement triggers on the three
-- tables it is made from recompute it in the writer's own transaction, whoever the writer is.
CREATE TABLE forecast_time_costs (
  forecast_project_id integer NOT NULL,
  person_id integer NOT NULL,
  -- The rate in force: the cost period holding the day, else the person's own cost; NULL when
  -- neither is known (readers apply the default rate).
  cost numeric,
  minutes bigint NOT NULL
);
CREATE INDEX forecast_time_costs_project ON forecast_time_costs (forecast_project_id);

-- The rate rule of src/db/cost-periods.ts (docs/decisions/113-one-cost-rate-rule.md); a test
-- compares this table with that rule applied to the registrations themselves.
CREATE FUNCTION recompute_forecast_time_costs() RETURNS void LANGUAGE sql AS $$
  DELETE FROM forecast_time_costs;
  INSERT INTO forecast_time_costs (forecast_project_id, person_id, cost, minutes)
  SELECT tr.forecast_project_id, tr.person_id, COALESCE(period.cost, person.cost), SUM(tr.minutes)
  FROM forecast_time_registrations tr
  LEFT JOIN forecast_persons person ON person.id = tr.person_id
  LEFT JOIN forecast_person_cost_periods period
    ON period.person_id = tr.person_id
   AND (period.start_date IS NULL OR period.start_date <= tr.date)
   AND (period.end_date IS NULL OR tr.date <= period.end_date)
  WHERE tr.forecast_project_id IS NOT NULL
  GROUP BY tr.forecast_project_id, tr.person_id, COALESCE(period.cost, person.cost);
$$;

CREATE FUNCTION forecast_time_costs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recompute_forecast_time_costs();
  RETURN NULL;
END $$;

CREATE TRIGGER forecast_time_costs_registrations
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON forecast_time_registrations
  FOR EACH STATEMENT EXECUTE FUNCTION forecast_time_costs_changed();
CREATE TRIGGER forecast_time_costs_persons
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON forecast_persons
  FOR EACH STATEMENT EXECUTE FUNCTION forecast_time_costs_changed();
CREATE TRIGGER forecast_time_costs_cost_periods
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON forecast_person_cost_periods
  FOR EACH STATEMENT EXECUTE FUNCTION forecast_time_costs_changed();

SELECT recompute_forecast_time_costs();
