-- Jira snapshots, per linked dashboard project, filled by the Jira sync (src/services/jira/sync.ts).
-- Pages read only these tables; each project's rows are replaced in one transaction by a link or
-- full sync and merged by an incremental sync. The per-project summary the cards show lives in
-- the projects table (jira_* columns, total_epics, completed_epics, last_jira_sync).

-- Tickets: every issue of the project except epics (epics are in jira_epics).
CREATE TABLE jira_issues (
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  issue_key text NOT NULL,
  -- Jira's own id (a numeric string); the bulk changelog answers by id.
  issue_id text NOT NULL,
  summary text NOT NULL,
  issue_type text NOT NULL,
  status_id text,
  status_name text NOT NULL,
  -- 'new', 'indeterminate', 'done' or 'undefined': done-ness is decided by this, never by a name.
  status_category_key text NOT NULL,
  assignee_account_id text,
  assignee_display_name text,
  story_points numeric,
  created_at timestamptz,
  updated_at timestamptz NOT NULL,
  epic_key text,
  -- Every sprint the issue has been in (Jira's Sprint field keeps closed sprints too).
  sprint_ids bigint[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (project_id, issue_key)
);
CREATE INDEX jira_issues_epic_idx ON jira_issues (project_id, epic_key);
-- "Story points by assignee": filtered by transition time first, then grouped by assignee.
CREATE INDEX jira_issues_assignee_idx ON jira_issues (assignee_account_id);

CREATE TABLE jira_epics (
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  epic_key text NOT NULL,
  issue_id text NOT NULL,
  name text NOT NULL,
  status_name text NOT NULL,
  status_category_key text NOT NULL,
  PRIMARY KEY (project_id, epic_key)
);

CREATE TABLE jira_sprints (
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  sprint_id bigint NOT NULL,
  board_id bigint NOT NULL,
  -- 'closed', 'active' or 'future'.
  state text NOT NULL,
  name text NOT NULL,
  start_date timestamptz,
  end_date timestamptz,
  complete_date timestamptz,
  goal text NOT NULL DEFAULT '',
  -- Jira's order: closed sprints oldest first, then active, then future.
  position integer NOT NULL,
  PRIMARY KEY (project_id, sprint_id)
);

-- Every status change of every ticket, from Jira's changelog (names as they were at the time).
CREATE TABLE jira_status_transitions (
  project_id integer NOT NULL,
  issue_key text NOT NULL,
  -- The changelog entry's id; one entry changes the status at most once.
  history_id text NOT NULL,
  at timestamptz NOT NULL,
  from_status_id text,
  from_status_name text,
  to_status_id text,
  to_status_name text NOT NULL,
  PRIMARY KEY (project_id, issue_key, history_id),
  FOREIGN KEY (project_id, issue_key) REFERENCES jira_issues (project_id, issue_key) ON DELETE CASCADE
);
-- "Which tickets entered 'Ready for QA Testing' this week": status name (as JQL, any case), then time.
CREATE INDEX jira_transitions_to_status_at_idx ON jira_status_transitions (lower(to_status_name), at);
