-- Pipedrive's organisations and each deal's organisation: the client a deal is for, matched to
-- Forecast's client by name (docs/decisions/414-pipedrive-organisations.md). Read-only copies.
CREATE TABLE pipedrive_organizations (
  id integer PRIMARY KEY,
  name text NOT NULL
);

ALTER TABLE pipedrive_deals ADD COLUMN org_id integer;
