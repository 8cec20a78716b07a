-- Every audited change to an evaluation's objects (quotes, shortlist,
-- waivers, decisions, assumptions, benchmarks...) moves the evaluation's
-- "updated" time, in the same transaction as the change: the lists show
-- when anything about the evaluation last changed, not only its brief.
CREATE FUNCTION audit_touches_evaluation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE evaluations SET updated_at = now() WHERE id = NEW.evaluation_id AND updated_at < now();
    RETURN NULL;
END $$;
CREATE TRIGGER audit_events_touch_evaluation AFTER INSERT ON audit_events
    FOR EACH ROW WHEN (NEW.evaluation_id IS NOT NULL) EXECUTE FUNCTION audit_touches_evaluation();

-- The audit log filters by user and by action, newest first.
CREATE INDEX audit_events_actor_idx ON audit_events (actor_id, id);
CREATE INDEX audit_events_action_idx ON audit_events (action, id);
