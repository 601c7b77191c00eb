-- Forecast's own number for a project (`company_project_id`, shown as P-<n> in Forecast), which
-- its web addresses use instead of the API's id: a project's link into Forecast needs it. Null
-- until the project's next billing sync reads it (docs/decisions/346).
ALTER TABLE projects ADD COLUMN forecast_company_project_id integer;
