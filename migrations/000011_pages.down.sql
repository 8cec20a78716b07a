DROP TABLE IF EXISTS fx_rate_history;
DROP INDEX IF EXISTS audit_events_action_idx;
DROP INDEX IF EXISTS audit_events_actor_idx;
DROP TRIGGER IF EXISTS audit_events_touch_evaluation ON audit_events;
DROP FUNCTION IF EXISTS audit_touches_evaluation();
