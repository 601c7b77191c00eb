-- Every change to shared data, written in the transaction that makes it
-- (docs/decisions/166-audit-log.md).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  actor_email text NOT NULL,
  kind text NOT NULL,
  target text NOT NULL,
  summary text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_email, at DESC);
CREATE INDEX audit_log_kind_idx ON audit_log (kind, at DESC);
