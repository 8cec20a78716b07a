package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// AllReduceRun is one nccl-tests all_reduce run of a counted upload, with
// the figures the analysis judges a quote's speed from.
type AllReduceRun struct {
	QuoteID     int64
	BenchmarkID int64
	Failed      bool
	BusBW       float64 // best busbw at messages of 1 GiB and more, GB/s; 0 when the run has none
	Nodes       int     // distinct hosts; 0 when the log names none
	Ranks       int
	// What the benchmarks page judges the run on besides: the upload's
	// file name, the run's place in it (1-based), its GPU, transport and
	// library, and whether its sweep finished and was checked.
	File          string
	Run           int
	GPUModel      string
	Network       string
	Library       string
	Incomplete    bool
	ValidationOff bool
	JudgedSize    int64
	PeakBusBW     float64
}

// AllReduceRuns returns every all_reduce run of the evaluation's NCCL
// uploads that still count (not withdrawn), in one query, reading only
// those figures out of the stored results rather than every report.
func (s *Store) AllReduceRuns(ctx context.Context, evaluationID int64) ([]AllReduceRun, error) {
	return allReduceRunsRead(evaluationID).run(ctx, s.pool)
}

func allReduceRunsRead(evaluationID int64) read[[]AllReduceRun] {
	return read[[]AllReduceRun]{sql: `SELECT b.quote_id, b.id, COALESCE((r->>'failed')::boolean, false),
		COALESCE((r->>'judged_busbw')::float8, 0), COALESCE((r->>'nodes')::int, 0), COALESCE((r->>'ranks')::int, 0),
		b.original_name, n::int, COALESCE(r->>'gpu_model', ''), COALESCE(r->>'network', ''), COALESCE(r->>'library', ''),
		COALESCE((r->>'incomplete')::boolean, false), COALESCE((r->>'validation_off')::boolean, false),
		COALESCE((r->>'judged_size')::int8, 0), COALESCE((r->>'peak_busbw')::float8, 0)
		FROM benchmark_uploads b JOIN quotes q ON q.id = b.quote_id,
		     jsonb_array_elements(COALESCE(b.result->'nccl'->'runs', '[]'::jsonb)) WITH ORDINALITY AS x(r, n)
		WHERE q.evaluation_id = $1 AND b.kind = 'nccl' AND b.withdrawn_at IS NULL AND r->>'collective' = 'all_reduce'
		ORDER BY b.quote_id, b.id, n`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) ([]AllReduceRun, error) {
			out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (AllReduceRun, error) {
				var r AllReduceRun
				err := row.Scan(&r.QuoteID, &r.BenchmarkID, &r.Failed, &r.BusBW, &r.Nodes, &r.Ranks,
					&r.File, &r.Run, &r.GPUModel, &r.Network, &r.Library, &r.Incomplete, &r.ValidationOff, &r.JudgedSize, &r.PeakBusBW)
				return r, err
			})
			if err != nil {
				return nil, fmt.Errorf("store: all-reduce runs of evaluation %d: %w", evaluationID, err)
			}
			return out, nil
		}}
}
