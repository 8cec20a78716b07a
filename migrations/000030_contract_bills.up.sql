-- Bills against a contract (issue 31): each upload is read whole (FOCUS or
-- plain invoice CSV) and matched three ways; the lines keep their match.
-- Amounts and quantities are exact micros (millionths) of the contract's
-- currency or unit, as internal/contract reads them.
CREATE TABLE contract_bills (
    id             bigserial PRIMARY KEY,
    contract_id    bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    format         text NOT NULL CHECK (format IN ('focus', 'invoice')),
    filename       text NOT NULL DEFAULT '' CHECK (length(filename) <= 255),
    currency       text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    total_minor    bigint NOT NULL,
    disputed_minor bigint NOT NULL,
    should_be_paid text NOT NULL CHECK (should_be_paid IN ('yes', 'no', 'exception')),
    -- The match of the bill as a whole: bill exceptions and the credits
    -- matched to claims.
    result         jsonb NOT NULL CHECK (jsonb_typeof(result) = 'object'),
    uploaded_by    bigint REFERENCES users (id),
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contract_bills_contract ON contract_bills (contract_id, id);

CREATE TABLE contract_bill_lines (
    bill_id      bigint NOT NULL REFERENCES contract_bills (id) ON DELETE CASCADE,
    line         integer NOT NULL CHECK (line >= 2),
    period_start timestamptz NOT NULL,
    period_end   timestamptz NOT NULL,
    description  text NOT NULL,
    category     text NOT NULL,
    quantity     bigint NOT NULL,
    unit         text NOT NULL,
    unit_price   bigint NOT NULL,
    amount       bigint NOT NULL,
    charge       text NOT NULL DEFAULT '',
    match        text NOT NULL CHECK (match IN ('ok', 'exception')),
    exceptions   jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(exceptions) = 'array'),
    PRIMARY KEY (bill_id, line)
);
