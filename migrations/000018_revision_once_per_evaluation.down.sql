DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['briefs', 'assumptions', 'quotes', 'decision_inputs', 'shortlist',
                             'decisions', 'evaluation_criteria'] LOOP
        EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_analysis_revision_insert', t);
        EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_analysis_revision_update', t);
        EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_analysis_revision_delete', t);
        EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION evaluation_input_changed()',
            t || '_analysis_revision', t);
    END LOOP;
END $$;

CREATE OR REPLACE FUNCTION evaluation_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.analysis_revision = OLD.analysis_revision AND NEW IS DISTINCT FROM OLD THEN
        NEW.analysis_revision := OLD.analysis_revision + 1;
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION bump_analysis_revision(evaluation bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    moved text := coalesce(current_setting('gpuquote.analysis_moved', true), '');
BEGIN
    IF evaluation IS NULL OR position(',' || evaluation || ',' IN moved) > 0 THEN
        RETURN;
    END IF;
    UPDATE evaluations SET analysis_revision = analysis_revision + 1 WHERE id = evaluation;
    PERFORM set_config('gpuquote.analysis_moved', coalesce(nullif(moved, ''), ',') || evaluation || ',', true);
END $$;

DROP FUNCTION IF EXISTS mark_analysis_moved(bigint), analysis_moved(bigint);
