-- Forward capacity (docs/decisions/320): copies of Forecast's persons' working weeks, holiday
-- calendars and allocations, and of Pipedrive's open deals and stages. The refresh runner
-- replaces each source's rows in one transaction, after reading everything, so a failure
-- upstream leaves the stored copy as it was. Pages read only these tables.
CREATE TABLE capacity_persons (
  id integer PRIMARY KEY,
  name text NOT NULL,
  team text NOT NULL,
  monday integer NOT NULL,
  tuesday integer NOT NULL,
  wednesday integer NOT NULL,
  thursday integer NOT NULL,
  friday integer NOT NULL,
  saturday integer NOT NULL,
  sunday integer NOT NULL,
  start_date date,
  end_date date,
  holiday_calendar_id integer
);

CREATE TABLE capacity_holidays (
  holiday_calendar_id integer NOT NULL,
  date date NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (holiday_calendar_id, date)
);

-- Allocations to projects and, with time_off, to non-project time (leave).
CREATE TABLE capacity_allocations (
  id integer PRIMARY KEY,
  person_id integer NOT NULL,
  time_off boolean NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  monday integer NOT NULL,
  tuesday integer NOT NULL,
  wednesday integer NOT NULL,
  thursday integer NOT NULL,
  friday integer NOT NULL,
  saturday integer NOT NULL,
  sunday integer NOT NULL
);
CREATE INDEX capacity_allocations_dates ON capacity_allocations (end_date, start_date);

CREATE TABLE pipedrive_stages (
  id integer PRIMARY KEY,
  name text NOT NULL,
  pipeline_id integer NOT NULL,
  pipeline_name text,
  order_nr integer NOT NULL DEFAULT 0,
  deal_probability numeric
);

CREATE TABLE pipedrive_deals (
  id integer PRIMARY KEY,
  title text NOT NULL,
  value numeric NOT NULL,
  currency text NOT NULL,
  -- The deal's own probability; NULL means its stage's.
  probability numeric,
  stage_id integer,
  owner_id integer,
  expected_close_date date
);

CREATE TABLE capacity_sync_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  forecast_synced_at timestamptz,
  pipedrive_synced_at timestamptz,
  -- The average default rate of Forecast's rate cards when last read (NULL: none has a rate).
  rate_card_blended_rate numeric
);
INSERT INTO capacity_sync_state (id) VALUES (true);
