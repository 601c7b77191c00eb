-- Accounts, sessions and the tables of spec section 3.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  password text NOT NULL,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'staff', 'user')),
  approved boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Lucia-style sessions: the token is "<id>.<secret>"; only SHA-256(secret) is stored.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  secret_hash bytea NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Failed logins, counted per email and per client address across processes.
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  client_address text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email_idx ON login_attempts (email, attempted_at);
CREATE INDEX login_attempts_address_idx ON login_attempts (client_address, attempted_at);

CREATE TABLE projects (
  id serial PRIMARY KEY,
  name text NOT NULL,
  dev_status text NOT NULL DEFAULT 'Active',
  total_tickets integer NOT NULL DEFAULT 0,
  completed_tickets integer NOT NULL DEFAULT 0,
  total_epics integer NOT NULL DEFAULT 0,
  completed_epics integer NOT NULL DEFAULT 0,
  billing_sent_percentage integer NOT NULL DEFAULT 0,
  billing_paid_percentage integer NOT NULL DEFAULT 0,
  current_sprint_name text,
  sprint_completion_percentage integer NOT NULL DEFAULT 0,
  team_name text CHECK (team_name IN ('Team 1', 'Team 2', 'Team 3', 'Team 4')),
  current_sprint_number integer NOT NULL DEFAULT 1,
  total_sprints integer NOT NULL DEFAULT 1,
  client_hourly_rate numeric(8, 2),
  forecast_project_id integer UNIQUE,
  forecast_project_value numeric(10, 2) NOT NULL DEFAULT 0,
  forecast_total_created numeric(10, 2) NOT NULL DEFAULT 0,
  forecast_total_invoiced numeric(10, 2) NOT NULL DEFAULT 0,
  forecast_total_sent numeric(10, 2) NOT NULL DEFAULT 0,
  forecast_total_paid numeric(10, 2) NOT NULL DEFAULT 0,
  forecast_overdue_amount numeric(10, 2) NOT NULL DEFAULT 0,
  forecast_retainer_periods_completed integer NOT NULL DEFAULT 0,
  forecast_retainer_periods_total integer NOT NULL DEFAULT 0,
  forecast_budget_type text,
  forecast_status text,
  forecast_stage text,
  last_forecast_sync timestamptz,
  jira_project_key text,
  jira_total_tickets integer NOT NULL DEFAULT 0,
  jira_completed_tickets integer NOT NULL DEFAULT 0,
  jira_current_sprint_name text,
  jira_sprint_completion_percentage integer NOT NULL DEFAULT 0,
  last_jira_sync timestamptz,
  visible integer NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sprints (
  id serial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL,
  total_tickets integer NOT NULL DEFAULT 0,
  completed_tickets integer NOT NULL DEFAULT 0,
  goal_hours numeric(8, 2) NOT NULL DEFAULT 0,
  actual_hours numeric(8, 2) NOT NULL DEFAULT 0
);
CREATE INDEX sprints_project_id_idx ON sprints (project_id);

CREATE TABLE developer_weeks (
  id serial PRIMARY KEY,
  week date NOT NULL UNIQUE,
  story_points_completed numeric(10, 2) NOT NULL DEFAULT 0,
  points_available numeric(10, 2) NOT NULL DEFAULT 0,
  team_velocity_percentage integer NOT NULL DEFAULT 0,
  blocked_tickets integer NOT NULL DEFAULT 0,
  total_tickets integer NOT NULL DEFAULT 0,
  daily_stats jsonb NOT NULL,
  is_current integer NOT NULL DEFAULT 0 CHECK (is_current IN (0, 1))
);

CREATE TABLE developer_availability (
  id serial PRIMARY KEY,
  account_id varchar(255) NOT NULL,
  display_name varchar(255) NOT NULL,
  date date NOT NULL,
  is_away boolean NOT NULL DEFAULT false,
  UNIQUE (account_id, date)
);

CREATE TABLE selected_developers (
  id serial PRIMARY KEY,
  account_id varchar(255) NOT NULL UNIQUE,
  display_name varchar(255) NOT NULL,
  added_at date NOT NULL DEFAULT CURRENT_DATE,
  start_date date,
  end_date date,
  CHECK (start_date IS NULL OR end_date IS NULL OR start_date <= end_date)
);

-- Global settings, one row per key (e.g. story points per developer day).
CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO settings (key, value) VALUES ('storyPointsPerDeveloperDay', '1');
