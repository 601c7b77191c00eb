-- A project's dev status is set by admins from a fixed list (docs/decisions/190-dev-status.md).
-- Rows holding anything else (none are written by the app) become 'Active' before the check.
UPDATE projects SET dev_status = 'Active'
 WHERE dev_status NOT IN ('Active', 'Billing Blocked', 'On Hold', 'Finished');
ALTER TABLE projects ADD CONSTRAINT projects_dev_status_check
  CHECK (dev_status IN ('Active', 'Billing Blocked', 'On Hold', 'Finished'));
