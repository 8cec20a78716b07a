-- An evaluation's analysis (worksheet, flags, decision, scores) is a pure
-- function of rows in the tables below and of the date. Every change to
-- those rows moves a revision, so the app can keep a computed analysis and
-- reuse it until the revision moves: evaluations.analysis_revision for the
-- rows of one evaluation, analysis_inputs.revision for rows every
-- evaluation reads (exchange rates, settings, price references, the names
-- of users and providers).
--
-- The revision moves once per transaction, at commit: the triggers are
-- deferred constraint triggers, so the evaluation's row is the last lock a
-- writer takes and no writer gains a new lock order (no new deadlocks).
-- A reader reads the revision in the same snapshot as the rows, so a
-- revision names exactly one committed state of the inputs.
ALTER TABLE evaluations ADD COLUMN analysis_revision bigint NOT NULL DEFAULT 0;

CREATE TABLE analysis_inputs (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    revision bigint NOT NULL DEFAULT 0
);
INSERT INTO analysis_inputs DEFAULT VALUES;

-- bump_analysis_revision moves one evaluation's revision, once per
-- transaction: the ids already moved are kept in a transaction-local
-- setting, so an import of 10,000 quotes updates the evaluation once.
CREATE FUNCTION bump_analysis_revision(evaluation bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    moved text := coalesce(current_setting('gpuquote.analysis_moved', true), '');
BEGIN
    IF evaluation IS NULL OR position(',' || evaluation || ',' IN moved) > 0 THEN
        RETURN;
    END IF;
    UPDATE evaluations SET analysis_revision = analysis_revision + 1 WHERE id = evaluation;
    PERFORM set_config('gpuquote.analysis_moved', coalesce(nullif(moved, ''), ',') || evaluation || ',', true);
END $$;

-- Rows that name their evaluation.
CREATE FUNCTION evaluation_input_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM bump_analysis_revision(OLD.evaluation_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM bump_analysis_revision(NEW.evaluation_id); END IF;
    RETURN NULL;
END $$;

-- Rows that name a quote: its evaluation is looked up at commit. A quote
-- deleted in the same transaction has moved its evaluation itself.
CREATE FUNCTION quote_input_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM bump_analysis_revision((SELECT evaluation_id FROM quotes WHERE id = OLD.quote_id));
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM bump_analysis_revision((SELECT evaluation_id FROM quotes WHERE id = NEW.quote_id));
    END IF;
    RETURN NULL;
END $$;

-- Rows every evaluation reads.
CREATE FUNCTION shared_input_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF coalesce(current_setting('gpuquote.shared_moved', true), '') <> 'yes' THEN
        UPDATE analysis_inputs SET revision = revision + 1;
        PERFORM set_config('gpuquote.shared_moved', 'yes', true);
    END IF;
    RETURN NULL;
END $$;

-- The evaluation's own row (name, owner, archived, times, version): any
-- change but the revision's own moves the revision with it.
CREATE FUNCTION evaluation_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.analysis_revision = OLD.analysis_revision AND NEW IS DISTINCT FROM OLD THEN
        NEW.analysis_revision := OLD.analysis_revision + 1;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER evaluations_analysis_revision BEFORE UPDATE ON evaluations
    FOR EACH ROW EXECUTE FUNCTION evaluation_row_changed();

DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['briefs', 'assumptions', 'quotes', 'decision_inputs', 'shortlist',
                             'decisions', 'evaluation_criteria'] LOOP
        EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION evaluation_input_changed()',
            t || '_analysis_revision', t);
    END LOOP;
    FOREACH t IN ARRAY ARRAY['acceptance_results', 'flag_waivers', 'score_overrides', 'benchmark_uploads'] LOOP
        EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quote_input_changed()',
            t || '_analysis_revision', t);
    END LOOP;
    FOREACH t IN ARRAY ARRAY['fx_rates', 'settings', 'price_references'] LOOP
        EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_input_changed()',
            t || '_analysis_revision', t);
    END LOOP;
END $$;
-- Users and providers are read by name (and a provider's category); a new
-- one is read only once a row above names it.
CREATE CONSTRAINT TRIGGER users_analysis_revision AFTER UPDATE OF name OR DELETE ON users
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_input_changed();
CREATE CONSTRAINT TRIGGER providers_analysis_revision AFTER UPDATE OF name, category OR DELETE ON providers
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_input_changed();
