-- Capital cost per GPU model for the buy analysis (issue 25): each figure
-- with its source and date, edited by the admin on Reference data like the
-- exchange rates. Buying an L40S was priced at the H100's 40,000 USD; a
-- GPU without a row is not priced for buying at all.
CREATE TABLE capital_costs (
    gpu_model   text PRIMARY KEY CHECK (gpu_model <> '' AND length(gpu_model) <= 60),
    usd_per_gpu numeric(14, 2) NOT NULL CHECK (usd_per_gpu > 0),
    source      text NOT NULL CHECK (source <> '' AND length(source) <= 1000),
    source_date text NOT NULL CHECK (source_date <> '' AND length(source_date) <= 20),
    updated_by  bigint REFERENCES users (id),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- The one figure the bundled cost reference sources: an HGX H100 node with
-- 8×400G InfiniBand NICs at 310,000 USD (≈ 38,750 per GPU) plus switches
-- and cables ≈ 1,900 per GPU at 64 nodes.
INSERT INTO capital_costs (gpu_model, usd_per_gpu, source, source_date) VALUES
    ('H100', 40000, 'HGX H100 node with 8×400G InfiniBand NICs 310,000 USD (≈ 38,750 per GPU) plus switches and cables ≈ 1,900 per GPU at 64 nodes (Google Sheets H100 cluster cost model)', '2024-08');

-- A change of a figure moves every evaluation's analysis revision, as the
-- exchange rates do (migration 000017).
CREATE CONSTRAINT TRIGGER capital_costs_analysis_revision AFTER INSERT OR UPDATE OR DELETE ON capital_costs
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_input_changed();
