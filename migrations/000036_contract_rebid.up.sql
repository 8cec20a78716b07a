-- A re-bid (issue 31): the evaluation started from a contract keeps which
-- contract it re-bids, so its delivered figures stay beside the new quotes
-- as the baseline. Outages read from a benchmark upload's health evidence
-- are found by that upload (re-read idempotently, removed when withdrawn).
ALTER TABLE evaluations ADD COLUMN rebid_of bigint REFERENCES contracts (id) ON DELETE SET NULL;
CREATE INDEX evaluations_rebid_of ON evaluations (rebid_of) WHERE rebid_of IS NOT NULL;
CREATE INDEX contract_outages_upload ON contract_outages (upload_id) WHERE upload_id IS NOT NULL;
