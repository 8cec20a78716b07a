-- A writer that changes an evaluation's own row (an import touches it
-- first, to lock it) has moved the evaluation's analysis revision already:
-- every other row it writes in that transaction commits with the new
-- revision. Its row events need not be queued at all, and an import of
-- 10,000 quotes queued 10,000 of them, each run at commit only to find the
-- revision moved.
--
-- The evaluation row's own trigger now records the move, and the triggers
-- of rows that name their evaluation check it when the row is written (a
-- constraint trigger's WHEN is evaluated then, not at commit), one trigger
-- per event so that each WHEN names only the row versions it has.

CREATE FUNCTION analysis_moved(evaluation bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT position(',' || evaluation || ',' IN coalesce(current_setting('gpuquote.analysis_moved', true), '')) > 0
$$;

CREATE OR REPLACE FUNCTION bump_analysis_revision(evaluation bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF evaluation IS NULL OR analysis_moved(evaluation) THEN
        RETURN;
    END IF;
    UPDATE evaluations SET analysis_revision = analysis_revision + 1 WHERE id = evaluation;
    PERFORM mark_analysis_moved(evaluation);
END $$;

CREATE FUNCTION mark_analysis_moved(evaluation bigint) RETURNS void LANGUAGE sql AS $$
    SELECT set_config('gpuquote.analysis_moved',
        coalesce(nullif(current_setting('gpuquote.analysis_moved', true), ''), ',') || evaluation || ',', true)
$$;

CREATE OR REPLACE FUNCTION evaluation_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.analysis_revision = OLD.analysis_revision AND NEW IS DISTINCT FROM OLD THEN
        NEW.analysis_revision := OLD.analysis_revision + 1;
        IF NOT analysis_moved(NEW.id) THEN
            PERFORM mark_analysis_moved(NEW.id);
        END IF;
    END IF;
    RETURN NEW;
END $$;

DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['briefs', 'assumptions', 'quotes', 'decision_inputs', 'shortlist',
                             'decisions', 'evaluation_criteria'] LOOP
        EXECUTE format('DROP TRIGGER %I ON %I', t || '_analysis_revision', t);
        EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT ON %I
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NOT analysis_moved(NEW.evaluation_id))
            EXECUTE FUNCTION evaluation_input_changed()', t || '_analysis_revision_insert', t);
        EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER UPDATE ON %I
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
            WHEN (NOT analysis_moved(OLD.evaluation_id) OR NOT analysis_moved(NEW.evaluation_id))
            EXECUTE FUNCTION evaluation_input_changed()', t || '_analysis_revision_update', t);
        EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER DELETE ON %I
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NOT analysis_moved(OLD.evaluation_id))
            EXECUTE FUNCTION evaluation_input_changed()', t || '_analysis_revision_delete', t);
    END LOOP;
END $$;
