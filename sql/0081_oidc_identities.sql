-- OpenID Connect sign-in (docs/decisions/290-openid-connect-sign-in.md).
-- An account's identities at an issuer: the issuer's subject is the key, never the email,
-- which a person may change at their provider.
CREATE TABLE user_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

-- A sign-in under way at the provider, for ten minutes at most: its state, nonce and PKCE
-- verifier, bound to the browser that started it by a cookie whose secret is stored hashed.
CREATE TABLE oidc_logins (
  id text PRIMARY KEY,
  secret_hash bytea NOT NULL,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX oidc_logins_expires_idx ON oidc_logins (expires_at);
