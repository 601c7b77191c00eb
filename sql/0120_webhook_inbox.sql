-- Webhook deliveries from Jira, Forecast and Pipedrive (docs/decisions/400-live-webhooks-inbox-and-queue.md).
-- Each delivery is stored once, unique on the upstream's own delivery id, before it is
-- processed as a job; a repeat only counts as a duplicate. status: 'received' (waiting for its
-- job), 'applied' (its change is in the figures, or it changed nothing newer), 'dead' (it can
-- never be applied: an unknown event, a body without what the event needs; `outcome` says why).
CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('jira', 'forecast', 'pipedrive')),
  delivery_id text NOT NULL,
  event text NOT NULL,
  received_at timestamptz NOT NULL,
  body jsonb NOT NULL,
  status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'applied', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  duplicates integer NOT NULL DEFAULT 0,
  applied_at timestamptz,
  outcome text,
  UNIQUE (source, delivery_id)
);
CREATE INDEX webhook_deliveries_waiting ON webhook_deliveries (received_at) WHERE status = 'received';
CREATE INDEX webhook_deliveries_received ON webhook_deliveries (received_at DESC);

-- A deleted issue or time registration: an update older than its deletion never brings it back.
CREATE TABLE live_tombstones (
  kind text NOT NULL CHECK (kind IN ('issue', 'time_registration', 'deal')),
  upstream_id text NOT NULL,
  deleted_at timestamptz NOT NULL,
  PRIMARY KEY (kind, upstream_id)
);

-- When a sprint row was last brought in (a sync, or a sprint event's time): older events are ignored.
ALTER TABLE jira_sprints ADD COLUMN seen_at timestamptz;

-- The story points and sprint field ids the project's last Jira sync used, so an issue event
-- is read the same way without asking Jira for its fields.
ALTER TABLE projects ADD COLUMN jira_field_ids jsonb;

-- A deal's last change in Pipedrive, so an older event is ignored.
ALTER TABLE pipedrive_deals ADD COLUMN update_time timestamptz;

-- What changed, for open pages (GET /api/events): one row per applied change, read by every
-- process's event stream after the id it last saw; a reconnect names the last id it had.
CREATE TABLE live_changes (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  -- 'jira', 'time', 'billing', 'deal'
  topic text NOT NULL,
  -- Money figures moved (time costs, invoices, deals): not sent to users.
  money boolean NOT NULL,
  project_ids integer[] NOT NULL DEFAULT '{}'
);
