-- A sign-in started at the OpenID provider counts as a sign-in attempt of its network address
-- until it signs someone in (docs/decisions/290, "Limits"): the row keeps the attempt's id, so
-- the callback forgives exactly that one.
ALTER TABLE oidc_logins ADD COLUMN attempt_id bigint;
