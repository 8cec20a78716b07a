-- The evaluation's "updated" time moves once per statement that adds audit
-- rows, not once per row: an import of 10,000 quotes writes 10,000 audit
-- rows in one statement and ran the trigger (an UPDATE each) 10,000 times.
CREATE OR REPLACE FUNCTION audit_touches_evaluation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE evaluations SET updated_at = now()
    WHERE id IN (SELECT DISTINCT evaluation_id FROM audit_new_rows WHERE evaluation_id IS NOT NULL)
      AND updated_at < now();
    RETURN NULL;
END $$;
DROP TRIGGER audit_events_touch_evaluation ON audit_events;
CREATE TRIGGER audit_events_touch_evaluation AFTER INSERT ON audit_events
    REFERENCING NEW TABLE AS audit_new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION audit_touches_evaluation();
