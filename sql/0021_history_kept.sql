-- Nothing destroyed by one call (docs/decisions/165-nothing-destroyed-by-one-call.md).

-- A finished week keeps the team, their employment dates and the points setting it was stored
-- with, so a later change of any of them cannot rewrite its available points and velocity.
ALTER TABLE developer_weeks
  ADD COLUMN team jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN points_per_day numeric(10, 2) NOT NULL DEFAULT 1;
UPDATE developer_weeks SET
  team = (SELECT coalesce(jsonb_agg(jsonb_build_object('accountId', account_id, 'startDate', start_date, 'endDate', end_date) ORDER BY account_id), '[]'::jsonb)
            FROM selected_developers),
  points_per_day = coalesce((SELECT (value #>> '{}')::numeric FROM settings WHERE key = 'storyPointsPerDeveloperDay'), 1);

-- A project removed from the dashboard, kept for 30 days so an admin can restore it.
CREATE TABLE removed_projects (
  id integer PRIMARY KEY,
  name text NOT NULL,
  row jsonb NOT NULL,
  removed_at timestamptz NOT NULL DEFAULT now(),
  removed_by text NOT NULL
);
CREATE INDEX removed_projects_removed_at_idx ON removed_projects (removed_at);
