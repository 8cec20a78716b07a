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

-- Every exchange rate an admin has set, so a wrong one can be seen and
-- rolled back; today's rates stay in fx_rates.
CREATE TABLE fx_rate_history (
    id           bigserial PRIMARY KEY,
    currency     text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    usd_per_unit numeric(20, 10) NOT NULL CHECK (usd_per_unit > 0),
    as_of        date NOT NULL,
    set_by       bigint NOT NULL REFERENCES users (id),
    set_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fx_rate_history_currency_idx ON fx_rate_history (currency, id);
INSERT INTO fx_rate_history (currency, usd_per_unit, as_of, set_by, set_at)
    SELECT currency, usd_per_unit, as_of, updated_by, updated_at FROM fx_rates;
