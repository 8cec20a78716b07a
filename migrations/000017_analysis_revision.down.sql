DO $$
DECLARE t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['briefs', 'assumptions', 'quotes', 'decision_inputs', 'shortlist', 'decisions',
                             'evaluation_criteria', 'acceptance_results', 'flag_waivers', 'score_overrides',
                             'benchmark_uploads', 'fx_rates', 'settings', 'price_references', 'users', 'providers'] LOOP
        EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_analysis_revision', t);
    END LOOP;
END $$;
DROP TRIGGER IF EXISTS evaluations_analysis_revision ON evaluations;
DROP FUNCTION IF EXISTS evaluation_row_changed(), shared_input_changed(), quote_input_changed(),
    evaluation_input_changed(), bump_analysis_revision(bigint);
DROP TABLE IF EXISTS analysis_inputs;
ALTER TABLE evaluations DROP COLUMN IF EXISTS analysis_revision;
