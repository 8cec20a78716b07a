-- The past-performance criterion pre-grades each quote from its vendor's
-- record in the other evaluations (issue 31): contracts, their bills, bill
-- lines and outages, and acceptance results, read in the analysis's
-- snapshot. A kept analysis would go stale if they changed unseen, so a
-- change to them moves the shared revision.
DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['contracts', 'contract_bills', 'contract_bill_lines', 'contract_outages', 'acceptance_results'] LOOP
        EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_input_changed()',
            t || '_analysis_revision_past', t);
    END LOOP;
END $$;
