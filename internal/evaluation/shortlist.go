package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
)

// SetShortlist puts a quote on its evaluation's shortlist or takes it
// off: the one use case behind the decision page's button and the API. It
// returns the quote; store.ErrConflict means the quote's state does not
// allow the change (e.g. approved, or already so).
func (s *Service) SetShortlist(ctx context.Context, by audit.Actor, quoteID int64, on bool) (store.StoredQuote, error) {
	sq, err := s.store.Quote(ctx, quoteID)
	if err != nil {
		return sq, err
	}
	return sq, s.store.SetShortlisted(ctx, by, quoteID, on)
}

// ShortlistStatus is where a quote stands on its evaluation's shortlist:
// "shortlisted", "approved", another recorded status, or "none".
func (s *Service) ShortlistStatus(ctx context.Context, evaluationID, quoteID int64) (string, error) {
	list, err := s.store.Shortlist(ctx, evaluationID)
	if err != nil {
		return "", err
	}
	if e, ok := list[quoteID]; ok {
		return e.Status, nil
	}
	return "none", nil
}

// CheckQuoteLimit tells, before anything is saved, whether adding quotes
// to the evaluation would pass the limit (a *store.QuoteLimitError); the
// store checks again when it saves, under a lock.
func (s *Service) CheckQuoteLimit(ctx context.Context, evaluationID int64, adding int) error {
	n, err := s.store.QuoteCount(ctx, evaluationID)
	if err != nil {
		return err
	}
	return store.CheckQuoteLimit(n, adding)
}
