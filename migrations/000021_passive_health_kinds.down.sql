-- Back to the kinds before passive health: uploads of the new kinds become
-- unrecognised logs (kept for download), so the old constraint applies.
UPDATE benchmark_uploads SET kind = 'unknown', result = NULL, parse_error = 'format not supported by this version', parse_error_line = 0
    WHERE kind IN ('kernel-log', 'dcgmi-health');
ALTER TABLE benchmark_uploads DROP CONSTRAINT benchmark_uploads_kind_check;
ALTER TABLE benchmark_uploads ADD CONSTRAINT benchmark_uploads_kind_check CHECK (kind IN
    ('nccl', 'nvidia-smi', 'topo', 'fio', 'dcgmi-diag', 'nvbandwidth', 'nvlink', 'perftest', 'ibstat', 'gpu-burn',
     'unknown', 'evidence'));
