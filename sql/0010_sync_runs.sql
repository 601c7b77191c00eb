-- Background refresh runs (docs/decisions/130-one-refresh-runner.md).
--  * sync_lease: one row per kind of exclusive work ('refresh'). A runner holds it until
--    expires_at and renews it while it works, so a crashed runner's lease lapses by itself.
--    next_due_at is when the next scheduled run may start: every process (and the Worker's Cron
--    Trigger) asks on its own timer, and only the first ask after next_due_at runs.
--  * sync_runs: one row per run (scheduled, at start, Sync now, a billing button, a link), with
--    its live progress while it runs and its outcome after.

CREATE TABLE sync_lease (
  name text PRIMARY KEY,
  holder text,
  run_id bigint,
  expires_at timestamptz,
  next_due_at timestamptz NOT NULL DEFAULT '-infinity'
);

CREATE TABLE sync_runs (
  id bigserial PRIMARY KEY,
  -- 'start', 'schedule', 'sync_now', 'billing', 'link'
  trigger text NOT NULL,
  -- Who asked: the runner (process or Worker) and, for Sync now and buttons, the user's email.
  runner text NOT NULL,
  requested_by text,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  -- 'running', 'succeeded', 'failed', 'interrupted' (its runner stopped before finishing)
  outcome text NOT NULL DEFAULT 'running',
  upstream_calls integer NOT NULL DEFAULT 0,
  rows_changed integer NOT NULL DEFAULT 0,
  failure text,
  -- While running: which service, which project, pages read. After: what was left for the next run.
  progress jsonb NOT NULL DEFAULT '{}'::jsonb,
  CHECK (outcome IN ('running', 'succeeded', 'failed', 'interrupted'))
);

CREATE INDEX sync_runs_started_at ON sync_runs (started_at DESC);
-- Finding the last run that brought data (freshness) without scanning the history.
CREATE INDEX sync_runs_finished ON sync_runs (finished_at DESC) WHERE outcome <> 'running';

-- The one lease the refresh uses; acquiring it is then a single conditional UPDATE.
INSERT INTO sync_lease (name) VALUES ('refresh');
