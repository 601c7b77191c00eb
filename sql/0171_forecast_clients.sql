-- Forecast's clients and each project's client: a Pipedrive organisation matches a client by
-- name, and the deal links to that client's projects (docs/decisions/414-pipedrive-organisations.md).
CREATE TABLE forecast_clients (
  id integer PRIMARY KEY,
  name text NOT NULL
);

ALTER TABLE forecast_projects ADD COLUMN client_id integer;
