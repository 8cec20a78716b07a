-- One decision: every approval is an award, checked at each signature on
-- the figures of that moment.
--
-- An award can be rejected (while awaiting approval) or revoked (once
-- approved); "withdrawn" stays for rows written before.
ALTER TABLE awards DROP CONSTRAINT awards_status_check;
ALTER TABLE awards ADD CONSTRAINT awards_status_check
    CHECK (status IN ('awaiting_approval', 'approved', 'rejected', 'revoked', 'withdrawn'));
-- What the last signature was checked on: every input the award's figures
-- rest on (terms, assumptions, FX, acceptance, waivers, brief), by key,
-- and their digest. A later digest that differs makes the award stale.
ALTER TABLE awards ADD COLUMN inputs jsonb NOT NULL DEFAULT '{}';
ALTER TABLE awards ADD COLUMN inputs_hash text NOT NULL DEFAULT '';
-- The plan grows when the contract value moves into a higher tier;
-- the plan it grew from, for the page and the API to say so.
ALTER TABLE awards ADD COLUMN plan_grown_from integer;
-- An award the single-quote decision recorded and signed in one step.
ALTER TABLE awards ADD COLUMN direct boolean NOT NULL DEFAULT false;
-- Who closed the award (rejected or revoked) and why.
ALTER TABLE awards ADD COLUMN closed_by bigint REFERENCES users (id);
ALTER TABLE awards ADD COLUMN closed_reason text NOT NULL DEFAULT '';
-- What each signer saw: the digest of the inputs at their signature.
ALTER TABLE award_approvals ADD COLUMN inputs_hash text NOT NULL DEFAULT '';
-- The admin rule that an award needs every automatic acceptance test
-- passed or waived (off by default) is a setting: award_requires_acceptance.
