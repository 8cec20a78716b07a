DROP TRIGGER IF EXISTS audit_events_touch_evaluation ON audit_events;
CREATE OR REPLACE FUNCTION audit_touches_evaluation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE evaluations SET updated_at = now() WHERE id = NEW.evaluation_id AND updated_at < now();
    RETURN NULL;
END $$;
CREATE TRIGGER audit_events_touch_evaluation AFTER INSERT ON audit_events
    FOR EACH ROW WHEN (NEW.evaluation_id IS NOT NULL) EXECUTE FUNCTION audit_touches_evaluation();
