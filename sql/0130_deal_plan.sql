-- Staffing deals if won (docs/decisions/410-deal-staffing-verdicts.md).

-- Pipedrive's pipeline setting "deal probability": when off, a deal's own probability is
-- ignored and its stage's applies. Kept on each stage with its pipeline's name.
ALTER TABLE pipedrive_stages ADD COLUMN pipeline_deal_probability boolean NOT NULL DEFAULT true;

-- The deal's role mix as its configured custom field holds it (PLAN_ROLE_FIELD), as text.
ALTER TABLE pipedrive_deals ADD COLUMN role_mix text;

-- A role mix per pipeline, set by admins: the split of a deal's hours when the deal has none.
CREATE TABLE plan_role_mixes (
  pipeline_id integer PRIMARY KEY,
  -- [{ "role": "Developer", "weight": 60 }, ...]
  mix jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Named scenarios: deals marked won, lost or tentative, starts moved. Nothing upstream changes.
CREATE TABLE plan_scenarios (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- [{ "id": 101, "status": "won", "start": "2027-01-11" }, ...] in the planner's order
  deals jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
