DROP TRIGGER IF EXISTS rfqs_analysis_revision ON rfqs;
DROP TRIGGER IF EXISTS rfq_briefs_analysis_revision ON rfq_briefs;
DROP TRIGGER IF EXISTS rfq_invitations_analysis_revision ON rfq_invitations;
DROP TRIGGER IF EXISTS rfq_quote_sources_analysis_revision ON rfq_quote_sources;
DROP TRIGGER IF EXISTS rfq_attestations_analysis_revision ON rfq_attestations;
DROP FUNCTION IF EXISTS rfq_input_changed(), invitation_input_changed();
