-- A week of the availability grid confirmed as it is (docs/decisions/392-alerts-people-can-act-on.md):
-- the availability alert no longer asks for it.
CREATE TABLE availability_confirmed_weeks (
  week date PRIMARY KEY,
  confirmed_by text NOT NULL,
  confirmed_at timestamptz NOT NULL
);
