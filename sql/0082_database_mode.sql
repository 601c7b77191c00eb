-- What this database holds (docs/decisions/270-the-database-knows-what-it-holds.md): recorded
-- at the first start, compared at every start. A NULL site means the built-in demo agency's.
CREATE TABLE database_mode (
  id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  mode text NOT NULL CHECK (mode IN ('demo', 'real')),
  jira_site text,
  forecast_base text,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((mode = 'demo') = (jira_site IS NULL AND forecast_base IS NULL))
);
