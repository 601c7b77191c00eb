-- Whether an account's email was proven to belong to its holder (docs/decisions/290, "Linking"):
-- an admin approved the account, a sign-in succeeded on it, or an OpenID provider vouched for
-- the address. Single sign-on links only to a proven account; an unproven one (a password
-- sign-up nobody vouched for) loses its password when the address's owner signs in.
ALTER TABLE users ADD COLUMN email_proven_at timestamptz;

-- Existing accounts: proven when approved, linked to a provider, or once acted on the dashboard;
-- an account an admin changed (a revoked one) counts too, so revoking still sticks.
UPDATE users u SET email_proven_at = u.created_at
 WHERE u.approved
    OR EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id)
    OR EXISTS (SELECT 1 FROM audit_log a WHERE a.actor_id = u.id)
    OR EXISTS (SELECT 1 FROM audit_log a WHERE a.kind = 'account.access' AND a.target = u.email);

-- Addresses are now compared in NFKC form (src/shared/email.ts). One stored in another form came
-- from a provider with a look-alike character; folding it would merge it into the address it
-- imitates, so it keeps its form, can no longer sign in, and its sessions end now.
DO $$
BEGIN
  IF current_setting('server_encoding') = 'UTF8' THEN
    DELETE FROM sessions s USING users u
     WHERE s.user_id = u.id AND u.email IS NOT NFKC NORMALIZED;
  END IF;
END $$;
