-- Alerts and the Monday digest (docs/decisions/200-alert-lifecycle.md, 201, 202, 203).

-- The thresholds admins edit in settings: one row, the values as JSON, who changed them last.
CREATE TABLE alert_settings (
  id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  thresholds jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);

-- Every change of the thresholds: who, when, from what to what.
CREATE TABLE alert_settings_changes (
  id bigserial PRIMARY KEY,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL,
  before jsonb NOT NULL,
  after jsonb NOT NULL
);

-- One row per alert, open or closed. `subject` names what the alert is about ('project:12',
-- 'agency', 'developer:<account id>'); one open alert per rule and subject, whatever the number
-- of processes evaluating at once (the partial unique index, used by INSERT ... ON CONFLICT).
CREATE TABLE alerts (
  id bigserial PRIMARY KEY,
  rule text NOT NULL,
  subject text NOT NULL,
  project_id int REFERENCES projects(id) ON DELETE CASCADE,
  money boolean NOT NULL,
  opened_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  closed_at timestamptz,
  message text NOT NULL,
  numbers jsonb NOT NULL
);
CREATE UNIQUE INDEX alerts_one_open ON alerts (rule, subject) WHERE closed_at IS NULL;
CREATE INDEX alerts_project_idx ON alerts (project_id, closed_at);
CREATE INDEX alerts_opened_idx ON alerts (opened_at DESC);

-- What one person did with one alert: acknowledged it, or snoozed it until a time.
CREATE TABLE alert_user_states (
  alert_id bigint NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  acknowledged_at timestamptz,
  snoozed_until timestamptz,
  PRIMARY KEY (alert_id, user_id)
);
CREATE INDEX alert_user_states_user_idx ON alert_user_states (user_id);

-- Staff who want the Monday digest (admins always get it).
CREATE TABLE digest_subscriptions (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  subscribed_at timestamptz NOT NULL DEFAULT now()
);

-- The week each digest belongs to, claimed by exactly one process (its primary key).
CREATE TABLE digest_weeks (
  week_start date PRIMARY KEY,
  claimed_by text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  outcome text
);

-- Mail kept in the app when no SMTP server is configured (demo mode): admins read it there.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  recipients jsonb NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);
