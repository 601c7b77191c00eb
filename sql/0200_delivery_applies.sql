-- How many times a delivery's apply has committed (docs/decisions/409-loss-and-kill-bench.md):
-- the claim keeps it at one; the live bench and the Sync page read it rather than assume it.
ALTER TABLE webhook_deliveries ADD COLUMN applies integer NOT NULL DEFAULT 0;
