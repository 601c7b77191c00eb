-- One roster of people (docs/decisions/390-one-roster-of-people.md): a row per person, linking
-- a Jira account, a Forecast person and a Pipedrive user, matched by email or by hand. The
-- availability selection (selected_developers) stays the spec's entity and is the roster's
-- "tracked" flag; the copies below are what the matching reads, refreshed by the sync.

-- What the roster reads of Forecast's persons besides their working week: the email they are
-- matched by and their default role's name.
ALTER TABLE capacity_persons ADD COLUMN email text;
ALTER TABLE capacity_persons ADD COLUMN role text;

-- The Jira site's people (atlassian accounts, active), with the email profile visibility lets
-- through (NULL when hidden).
CREATE TABLE jira_accounts (
  account_id varchar(255) PRIMARY KEY,
  display_name varchar(255) NOT NULL,
  email text
);

-- Pipedrive's users (deal owners), active ones only.
CREATE TABLE pipedrive_users (
  id integer PRIMARY KEY,
  name text NOT NULL,
  email text
);

-- The roster. A row is a Forecast person, or a tracked Jira account that matches none; its id
-- stays while links change (a Jira-only row that gets its Forecast person keeps it).
CREATE TABLE people (
  id serial PRIMARY KEY,
  name text NOT NULL,
  -- Normalised (trimmed, lower-cased, NFKC): Forecast's, else Jira's, else Pipedrive's.
  email text,
  -- Checked at commit: one rebuild moves an account from one row to another in any order.
  jira_account_id varchar(255) UNIQUE DEFERRABLE INITIALLY DEFERRED,
  forecast_person_id integer UNIQUE DEFERRABLE INITIALLY DEFERRED,
  pipedrive_user_id integer UNIQUE DEFERRABLE INITIALLY DEFERRED,
  -- Set by hand (staff); NULL means Forecast's department.
  team text
);

-- Links set or broken by hand; the matching never overrides them. A Jira account's partner is a
-- Forecast person or none (unlinked); a Pipedrive user's is a person named by their Forecast
-- person or, for someone only in Jira, their Jira account, or none.
CREATE TABLE people_links (
  source text NOT NULL CHECK (source IN ('jira', 'pipedrive')),
  upstream_id text NOT NULL,
  forecast_person_id integer,
  jira_account_id varchar(255),
  PRIMARY KEY (source, upstream_id)
);

-- When the Jira accounts and Pipedrive users were last read, and when the roster was first
-- built (tracking matched assignees by default happens once, on a new roster).
CREATE TABLE roster_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  people_synced_at timestamptz,
  built_at timestamptz
);
INSERT INTO roster_state (id) VALUES (true);
