package evaluation

import (
	"context"
	"errors"

	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/testplan"
)

// QuotePlan is a quote's test plan for its evaluation's brief, with the
// runs already uploaded to it when they were asked for.
type QuotePlan struct {
	Quote    store.StoredQuote
	Plan     testplan.Plan
	Uploaded []testplan.UploadedRun
}

// TestPlan is the plan of quote quoteID; with runs, also the runs already
// uploaded to it (withdrawn ones do not count), so a rerun of
// `gpuquote collect` can skip them.
func (s *Service) TestPlan(ctx context.Context, quoteID int64, runs bool) (QuotePlan, error) {
	q, err := s.QuoteInContext(ctx, quoteID)
	if err != nil {
		return QuotePlan{}, err
	}
	p := QuotePlan{Quote: q.Quote, Plan: testplan.New(q.Quote.Quote, q.Brief.Data)}
	if runs {
		uploads, err := s.store.ListBenchmarks(ctx, quoteID)
		if err != nil {
			return QuotePlan{}, err
		}
		p.Uploaded = testplan.UploadedRuns(uploads)
	}
	return p, nil
}

// QuoteBenchmarks is quote quoteID with its uploads, read in one snapshot:
// what the quote's bus-bandwidth chart draws.
func (s *Service) QuoteBenchmarks(ctx context.Context, quoteID int64) (store.StoredQuote, []store.Benchmark, error) {
	var sq store.StoredQuote
	var uploads []store.Benchmark
	err := s.store.ReadOnly(ctx, func(tx *store.Store) error {
		var err error
		if sq, err = tx.Quote(ctx, quoteID); err != nil {
			return err
		}
		uploads, err = tx.ListBenchmarks(ctx, quoteID)
		return err
	})
	return sq, uploads, err
}

// EvidenceTokenReaches says whether evidence token t may reach quote
// quoteID: the quote it was issued for, or any quote of the evaluation it
// was issued for. A quote that does not exist is not reached.
func (s *Service) EvidenceTokenReaches(ctx context.Context, t *store.APIToken, quoteID int64) (bool, error) {
	if t.QuoteID != nil {
		return *t.QuoteID == quoteID, nil
	}
	if t.EvaluationID == nil {
		return false, nil
	}
	sq, err := s.store.Quote(ctx, quoteID)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil && sq.EvaluationID == *t.EvaluationID, err
}
