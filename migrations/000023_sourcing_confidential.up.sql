-- The buyer's position stays the buyer's: each round names the brief
-- fields kept from vendors (the budget by default), and a question is
-- published in the buyer's wording, the vendor's original kept apart.
ALTER TABLE rfqs ADD COLUMN internal_fields text[] NOT NULL DEFAULT '{min_spend_limit}';

ALTER TABLE rfq_questions ADD COLUMN published_text text
    CHECK (published_text IS NULL OR length(btrim(published_text)) BETWEEN 1 AND 4000);
-- Answers published before this change went out verbatim.
UPDATE rfq_questions SET published_text = text WHERE answer IS NOT NULL;

-- A vendor's attachment is kept in chunks, written and read a chunk at a
-- time, so no request holds a whole file in memory.
CREATE TABLE rfq_document_chunks (
    document_id bigint NOT NULL REFERENCES rfq_documents (id) ON DELETE CASCADE,
    seq         integer NOT NULL CHECK (seq >= 0),
    data        bytea NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 1048576),
    PRIMARY KEY (document_id, seq)
);
INSERT INTO rfq_document_chunks (document_id, seq, data)
    SELECT d.id, g.n, substring(d.data FROM g.n * 262144 + 1 FOR 262144)
    FROM rfq_documents d, generate_series(0, (d.size - 1) / 262144) AS g(n);
ALTER TABLE rfq_documents DROP COLUMN data;

-- Rounds are numbered through their evaluation: two first rounds were
-- both "round 1".
UPDATE rfqs r SET round = x.n
    FROM (SELECT id, row_number() OVER (PARTITION BY evaluation_id ORDER BY id) AS n FROM rfqs) x
    WHERE r.id = x.id AND r.round <> x.n;
