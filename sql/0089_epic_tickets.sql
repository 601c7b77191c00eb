-- Epic Progress's share of the epics' tickets that are done (docs/decisions/355), stored with
-- the epic counts by each Jira sync, so the card and the portfolio table read it from the
-- project's row as the detail modal does. Filled once here from the stored issues; every sync
-- after this keeps it.
ALTER TABLE projects
  ADD COLUMN epic_tickets integer NOT NULL DEFAULT 0,
  ADD COLUMN completed_epic_tickets integer NOT NULL DEFAULT 0;

UPDATE projects p
   SET epic_tickets = t.tickets, completed_epic_tickets = t.completed
  FROM (
    SELECT e.project_id, count(*)::int AS tickets,
           count(*) FILTER (WHERE i.status_category_key = 'done')::int AS completed
      FROM jira_epics e
      JOIN jira_issues i ON i.project_id = e.project_id AND i.epic_key = e.epic_key
     GROUP BY e.project_id
  ) t
 WHERE t.project_id = p.id;
