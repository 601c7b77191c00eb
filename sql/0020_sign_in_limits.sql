-- Sign-in limits count per email and address pair (docs/decisions/160-sign-in-limits.md).
CREATE INDEX login_attempts_pair_idx ON login_attempts (email, client_address, attempted_at);

-- Accounts created per client address, so one address cannot mass-create accounts.
CREATE TABLE signup_attempts (
  id bigserial PRIMARY KEY,
  client_address text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signup_attempts_address_idx ON signup_attempts (client_address, attempted_at);
