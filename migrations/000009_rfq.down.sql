DROP TABLE IF EXISTS mail_outbox;
DROP TABLE IF EXISTS rfq_documents;
DROP TABLE IF EXISTS rfq_questions;
DROP TABLE IF EXISTS rfq_quote_sources;
DROP TABLE IF EXISTS rfq_submissions;
DROP TABLE IF EXISTS rfq_invitations;
DROP TABLE IF EXISTS rfq_briefs;
DROP TABLE IF EXISTS rfqs;
