-- Forecast data. Two kinds of tables:
--  * forecast_* copies of Forecast keyed by Forecast's own ids (persons, cost periods, projects,
--    invoices, time registrations), refreshed by the sync so pages never call Forecast;
--  * forecast_retainer_periods, the derived retainer periods of each dashboard project.
-- The dashboard's per-project billing summary lives in the projects table (0001).
-- Money is numeric; minutes are integers (time registrations) or numeric (retainer figures).

-- Every Forecast project, so time logged on a project that is not on the dashboard still has a name.
CREATE TABLE forecast_projects (
  id integer PRIMARY KEY,
  name text NOT NULL,
  stage text NOT NULL,
  status text,
  budget_type text,
  budget numeric(12, 2),
  synced_at timestamptz NOT NULL
);

-- Staff only: Forecast's system (integration) users and client users are never copied.
CREATE TABLE forecast_persons (
  id integer PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text,
  active boolean NOT NULL,
  -- Internal cost per hour from the person's current cost period: the fallback when no period applies.
  cost numeric(10, 2),
  start_date date,
  end_date date,
  synced_at timestamptz NOT NULL
);

-- Internal cost per hour over time. A period runs from start_date (NULL = the first period,
-- open-ended backwards) to end_date, the day before the person's next period starts (NULL = still
-- in force); end_date is derived at sync so a registration finds its rate with a range join.
CREATE TABLE forecast_person_cost_periods (
  id integer PRIMARY KEY,
  person_id integer NOT NULL,
  start_date date,
  end_date date,
  cost numeric(10, 2) NOT NULL,
  CHECK (start_date IS NULL OR end_date IS NULL OR start_date <= end_date)
);
CREATE INDEX forecast_person_cost_periods_person_idx ON forecast_person_cost_periods (person_id, start_date);

-- Every time registration of the account, synced incrementally (updated_after + the deleted list).
CREATE TABLE forecast_time_registrations (
  id bigint PRIMARY KEY,
  person_id integer NOT NULL,
  -- project ?? task_project; NULL for internal time and time off, which count in no project's figures.
  forecast_project_id integer,
  task_id integer,
  non_project_time_id integer,
  date date NOT NULL,
  minutes integer NOT NULL CHECK (minutes >= 0),
  billable_minutes integer NOT NULL DEFAULT 0,
  -- Free text typed in Forecast: untrusted, rendered as text only.
  notes text,
  approval_status text,
  updated_at timestamptz NOT NULL
);
CREATE INDEX forecast_time_registrations_date_idx ON forecast_time_registrations (date);
CREATE INDEX forecast_time_registrations_project_idx ON forecast_time_registrations (forecast_project_id, date);

-- One row per invoice and per Forecast project it bills (an invoice can span projects): that
-- project's share. amount = its entries, tax excluded; paid = the invoice's payments shared pro
-- rata to the entries. invoice_date is Forecast's created_date (the business invoice date).
CREATE TABLE forecast_invoices (
  invoice_id integer NOT NULL,
  forecast_project_id integer NOT NULL,
  invoice_reference text,
  invoice_date date NOT NULL,
  due_date date,
  status text NOT NULL,
  amount numeric(12, 2) NOT NULL,
  paid numeric(12, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (forecast_project_id, invoice_id)
);
CREATE INDEX forecast_invoices_date_idx ON forecast_invoices (invoice_date);

-- The retainer periods of a dashboard project, in the spec's shape. Forecast has no number and no
-- status: period_number is the position by start date, status is derived (docs/decisions/021).
CREATE TABLE forecast_retainer_periods (
  id integer PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  period_number integer NOT NULL,
  status text NOT NULL CHECK (status IN ('COMPLETED', 'ACTIVE', 'DRAFT', 'CANCELLED')),
  locked boolean NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  target_amount numeric(12, 2) NOT NULL,
  actual_amount numeric(12, 2) NOT NULL,
  actual_billable_minutes numeric(12, 2) NOT NULL,
  UNIQUE (project_id, period_number)
);

-- One row: where the incremental time sync resumes.
CREATE TABLE forecast_sync_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- The latest updated_at seen on a registration; the next run asks for changes after it.
  time_registrations_updated_after timestamptz,
  last_time_sync timestamptz
);
