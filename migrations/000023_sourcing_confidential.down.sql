ALTER TABLE rfq_questions DROP COLUMN IF EXISTS published_text;
ALTER TABLE rfqs DROP COLUMN IF EXISTS internal_fields;
