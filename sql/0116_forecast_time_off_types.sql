-- Forecast's non-project time types that are time off (is_internal_time false: vacation, sick
-- leave), so time registered on them counts as out of office (docs/decisions/395-utilisation-
-- 18f.md). Replaced whole by the capacity refresh, with the persons and allocations.
CREATE TABLE forecast_time_off_types (
  id integer PRIMARY KEY,
  name text NOT NULL
);
