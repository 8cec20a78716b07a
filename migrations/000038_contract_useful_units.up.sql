-- The useful units a contract delivered per month (issue 31), entered by
-- the buyer (e.g. million tokens served): the commitment report divides
-- each month's cost by them, beside the award's quoted cost per unit.
CREATE TABLE contract_useful_units (
    contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    month       date NOT NULL CHECK (extract(day FROM month) = 1),
    units       bigint NOT NULL CHECK (units >= 0), -- millionths of a unit
    entered_by  bigint REFERENCES users (id),
    entered_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (contract_id, month)
);
