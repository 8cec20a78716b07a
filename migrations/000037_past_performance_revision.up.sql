-- The past-performance criterion pre-grades each quote from its vendor's
-- record across evaluations (issue 31): contracts, their bills and
-- outages, and acceptance results. A kept analysis would go stale if they
-- changed unseen, so a change to them moves the shared revision.
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['contracts', 'contract_bills', 'contract_outages', 'acceptance_results'] LOOP
        EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_input_changed()',
            t || '_past_performance', t);
    END LOOP;
END $$;
