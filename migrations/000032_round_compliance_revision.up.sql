-- The analysis now reads the round each quote came through and its
-- vendor's attestations (a missing or refused required attestation is a
-- blocker of the quote), so those rows move the evaluation's analysis
-- revision too (see 000017).
--
-- An invitation moves it only when its status or company changes: a
-- vendor's draft is saved often and the analysis reads neither.

CREATE FUNCTION rfq_input_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM bump_analysis_revision((SELECT evaluation_id FROM rfqs WHERE id = OLD.rfq_id));
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM bump_analysis_revision((SELECT evaluation_id FROM rfqs WHERE id = NEW.rfq_id));
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION invitation_input_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM bump_analysis_revision((SELECT r.evaluation_id FROM rfq_invitations i JOIN rfqs r ON r.id = i.rfq_id
            WHERE i.id = OLD.invitation_id));
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM bump_analysis_revision((SELECT r.evaluation_id FROM rfq_invitations i JOIN rfqs r ON r.id = i.rfq_id
            WHERE i.id = NEW.invitation_id));
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER rfqs_analysis_revision AFTER INSERT OR UPDATE OR DELETE ON rfqs
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION evaluation_input_changed();
CREATE CONSTRAINT TRIGGER rfq_briefs_analysis_revision AFTER INSERT OR UPDATE OR DELETE ON rfq_briefs
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rfq_input_changed();
CREATE CONSTRAINT TRIGGER rfq_invitations_analysis_revision AFTER INSERT OR UPDATE OF status, company OR DELETE ON rfq_invitations
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rfq_input_changed();
CREATE CONSTRAINT TRIGGER rfq_quote_sources_analysis_revision AFTER INSERT OR UPDATE OR DELETE ON rfq_quote_sources
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quote_input_changed();
CREATE CONSTRAINT TRIGGER rfq_attestations_analysis_revision AFTER INSERT OR UPDATE OR DELETE ON rfq_attestations
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION invitation_input_changed();
