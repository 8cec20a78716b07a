ALTER TABLE rfq_documents ADD COLUMN data bytea;
UPDATE rfq_documents d SET data = (SELECT string_agg(c.data, ''::bytea ORDER BY c.seq) FROM rfq_document_chunks c WHERE c.document_id = d.id);
DELETE FROM rfq_documents WHERE data IS NULL;
ALTER TABLE rfq_documents ALTER COLUMN data SET NOT NULL;
ALTER TABLE rfq_documents ADD CONSTRAINT rfq_documents_data_size CHECK (octet_length(data) = size);
DROP TABLE IF EXISTS rfq_document_chunks;

ALTER TABLE rfq_questions DROP COLUMN IF EXISTS published_text;
ALTER TABLE rfqs DROP COLUMN IF EXISTS internal_fields;
