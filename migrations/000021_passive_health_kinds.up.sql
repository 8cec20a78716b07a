-- Passive health evidence: kernel-log excerpts (dmesg / journalctl -k with
-- the driver's Xid events) and dcgmi health -c reports are stored kinds.
ALTER TABLE benchmark_uploads DROP CONSTRAINT benchmark_uploads_kind_check;
ALTER TABLE benchmark_uploads ADD CONSTRAINT benchmark_uploads_kind_check CHECK (kind IN
    ('nccl', 'nvidia-smi', 'topo', 'fio', 'dcgmi-diag', 'nvbandwidth', 'nvlink', 'perftest', 'ibstat', 'gpu-burn',
     'kernel-log', 'dcgmi-health', 'unknown', 'evidence'));
