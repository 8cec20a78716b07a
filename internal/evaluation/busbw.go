package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/store"
)

// QuoteRun is one quote of an evaluation with its best all-reduce run
// (nil when none of its uploads has one that counts).
type QuoteRun struct {
	Quote store.StoredQuote
	Best  *benchlog.NCCLRun
}

// BusbwRuns is, for every quote of an evaluation in the store's order,
// its best all-reduce run: what the worksheet's bus-bandwidth chart
// draws beside the bands the quotes' fabrics promise. An evaluation that
// does not exist is store.ErrNotFound.
func (s *Service) BusbwRuns(ctx context.Context, evaluationID int64) ([]QuoteRun, error) {
	if _, err := s.store.Evaluation(ctx, evaluationID); err != nil {
		return nil, err
	}
	quotes, err := s.store.ListQuotes(ctx, evaluationID)
	if err != nil {
		return nil, err
	}
	out := make([]QuoteRun, 0, len(quotes))
	for _, sq := range quotes {
		uploads, err := s.store.ListBenchmarks(ctx, sq.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, QuoteRun{Quote: sq, Best: BestAllReduce(uploads)})
	}
	return out, nil
}

// BestAllReduce is the all-reduce run with the highest peak among the
// uploads that count (not withdrawn, parsed, not failed), or nil.
func BestAllReduce(uploads []store.Benchmark) *benchlog.NCCLRun {
	var best *benchlog.NCCLRun
	for _, u := range uploads {
		if u.Result == nil || u.Result.NCCL == nil || u.WithdrawnAt != nil {
			continue
		}
		for i := range u.Result.NCCL.Runs {
			run := &u.Result.NCCL.Runs[i]
			if run.Collective == "all_reduce" && !run.Failed && len(run.Points) > 0 && (best == nil || run.PeakBusBW > best.PeakBusBW) {
				best = run
			}
		}
	}
	return best
}
