ALTER TABLE benchmark_uploads ALTER COLUMN content SET COMPRESSION default;

-- Back to the four benchmark kinds and nine tests: rows that only the newer
-- schema can hold are removed first, so the old constraints apply.
DELETE FROM acceptance_results WHERE test IN ('interconnect', 'fabric_links', 'burn_in');
ALTER TABLE acceptance_results DROP CONSTRAINT acceptance_results_test_check;
ALTER TABLE acceptance_results ADD CONSTRAINT acceptance_results_test_check CHECK (test IN
    ('container_start', 'gpu_health', 'nccl_allreduce', 'storage_staging', 'checkpoint_io', 'failure_drill',
     'idle_shutdown', 'billing_export', 'security_review'));

ALTER TABLE benchmark_uploads DROP CONSTRAINT benchmark_uploads_withdrawn_check;
ALTER TABLE benchmark_uploads DROP COLUMN withdraw_reason, DROP COLUMN withdrawn_by, DROP COLUMN withdrawn_at;

UPDATE benchmark_uploads SET kind = 'unknown', result = NULL, parse_error = 'format not supported by this version', parse_error_line = 0
    WHERE kind IN ('dcgmi-diag', 'nvbandwidth', 'nvlink', 'perftest', 'ibstat', 'gpu-burn');
ALTER TABLE benchmark_uploads DROP CONSTRAINT benchmark_uploads_kind_check;
ALTER TABLE benchmark_uploads ADD CONSTRAINT benchmark_uploads_kind_check CHECK (kind IN
    ('nccl', 'nvidia-smi', 'topo', 'fio', 'unknown', 'evidence'));
