-- Client retainer room links (docs/decisions/430-client-retainer-room.md). A link is found by
-- the first 8 bytes of the SHA-256 of its token (token_lookup) and then compared in constant time
-- against the whole hash (token_hash); the token itself is never stored.
CREATE TABLE share_links (
  id serial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  token_lookup bytea NOT NULL,
  token_hash bytea NOT NULL,
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
  -- true: the retainer period running on the day the room is opened; false: range_from..range_to.
  rolling boolean NOT NULL,
  range_from date,
  range_to date,
  -- The last day (agency time) on which the link opens.
  expires_on date NOT NULL,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  revoked_at timestamptz,
  revoked_by text,
  last_opened_at timestamptz,
  opens integer NOT NULL DEFAULT 0,
  CHECK (rolling = (range_from IS NULL) AND rolling = (range_to IS NULL)),
  CHECK (range_from IS NULL OR range_from <= range_to)
);
CREATE INDEX share_links_lookup_idx ON share_links (token_lookup);
CREATE INDEX share_links_project_idx ON share_links (project_id, created_at);
