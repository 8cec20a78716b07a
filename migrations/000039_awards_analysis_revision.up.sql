-- An evaluation's awards and their signatures are read with its analysis
-- (the evaluation home and the decision page judge them on it), so that
-- those pages read no more than the revision once the analysis is kept. A
-- change to an award or a signature moves the evaluation's revision, as
-- its other inputs do.
CREATE CONSTRAINT TRIGGER awards_analysis_revision AFTER INSERT OR UPDATE OR DELETE ON awards
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION evaluation_input_changed();

-- A signature names its award: the evaluation is looked up at commit.
CREATE FUNCTION award_input_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM bump_analysis_revision((SELECT evaluation_id FROM awards WHERE id = OLD.award_id));
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM bump_analysis_revision((SELECT evaluation_id FROM awards WHERE id = NEW.award_id));
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER award_approvals_analysis_revision AFTER INSERT OR UPDATE OR DELETE ON award_approvals
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION award_input_changed();
