-- One-time password reset links an admin issues (docs/decisions/167-passwords-changed-and-reset.md).
-- Only the SHA-256 of the link's secret is stored.
CREATE TABLE password_resets (
  id text PRIMARY KEY,
  secret_hash bytea NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);
