package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// CreateQuote enters a quote by hand into the evaluation; a quote past
// the evaluation's limit is refused with *store.QuoteLimitError.
func (s *Service) CreateQuote(ctx context.Context, by store.User, evaluationID int64, q quote.Quote) (store.StoredQuote, error) {
	return s.store.CreateQuote(ctx, by.Actor(), evaluationID, q)
}

// Quote reads one quote (store.ErrNotFound when there is none).
func (s *Service) Quote(ctx context.Context, id int64) (store.StoredQuote, error) {
	return s.store.Quote(ctx, id)
}

// QuoteInContext is a quote with the evaluation it belongs to and that
// evaluation's brief, which its pages show and judge it by.
type QuoteInContext struct {
	Quote      store.StoredQuote
	Evaluation store.Evaluation
	Brief      store.StoredBrief
}

// QuoteInContext reads the quote with its evaluation and brief.
func (s *Service) QuoteInContext(ctx context.Context, id int64) (QuoteInContext, error) {
	var out QuoteInContext
	var err error
	if out.Quote, err = s.store.Quote(ctx, id); err != nil {
		return out, err
	}
	if out.Evaluation, err = s.store.Evaluation(ctx, out.Quote.EvaluationID); err != nil {
		return out, err
	}
	out.Brief, err = s.store.Brief(ctx, out.Quote.EvaluationID)
	return out, err
}

// Revisions are the quote's saved revisions, oldest first.
func (s *Service) Revisions(ctx context.Context, quoteID int64) ([]store.Revision, error) {
	return s.store.Revisions(ctx, quoteID)
}

// QuoteSources are the sourcing rounds' answers each of the evaluation's
// quotes came from, by quote.
func (s *Service) QuoteSources(ctx context.Context, evaluationID int64) (map[int64][]store.Source, error) {
	return s.store.QuoteSources(ctx, evaluationID)
}
