-- Utilisation targets (docs/decisions/395-utilisation-18f.md): each person's own targets, dated.
-- A target applies from its date until the next one; percent NULL goes back to the default of
-- the person's role (the setting 'utilisationRoleTargets'). Admins set them; a person who leaves
-- the roster takes their targets with them.
CREATE TABLE utilisation_targets (
  person_id integer NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  from_date date NOT NULL,
  percent integer CHECK (percent BETWEEN 0 AND 100),
  PRIMARY KEY (person_id, from_date)
);
