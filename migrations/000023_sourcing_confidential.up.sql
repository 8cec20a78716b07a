-- The buyer's position stays the buyer's: each round names the brief
-- fields kept from vendors (the budget by default), and a question is
-- published in the buyer's wording, the vendor's original kept apart.
ALTER TABLE rfqs ADD COLUMN internal_fields text[] NOT NULL DEFAULT '{min_spend_limit}';

ALTER TABLE rfq_questions ADD COLUMN published_text text
    CHECK (published_text IS NULL OR length(btrim(published_text)) BETWEEN 1 AND 4000);
-- Answers published before this change went out verbatim.
UPDATE rfq_questions SET published_text = text WHERE answer IS NOT NULL;
