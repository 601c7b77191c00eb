-- Time registered on non-project time by person and day: the retainer range reads its billers'
-- logged time off (docs/decisions/420-forecasts-with-ranges.md) without scanning every
-- registration of half a year.
CREATE INDEX forecast_time_registrations_non_project_idx
  ON forecast_time_registrations (person_id, date) WHERE non_project_time_id IS NOT NULL;
