package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ReviseQuote saves q as the quote's next revision if the quote is still
// at version (store.ErrConflict when it changed since): the HTML revise
// form and PATCH /api/v1/quotes/{id} both call it. The quote's uploads
// are judged again against the new terms in the same transaction.
func (s *Service) ReviseQuote(ctx context.Context, by store.User, quoteID int64, version int, q quote.Quote) (store.StoredQuote, error) {
	var out store.StoredQuote
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		var err error
		if out, err = tx.UpdateQuote(ctx, by.Actor(), quoteID, version, q); err != nil {
			return err
		}
		return RejudgeQuote(ctx, tx, by.Actor(), quoteID, 0)
	})
	return out, err
}

// ReviseQuoteTerms revises the terms given as CSV cells by column name
// (every column a quote CSV has; "" not stated, "refused" refused) and
// keeps the others as they are at version. The merged quote is checked
// as a CSV row is, every bad cell named; nothing is saved then.
func (s *Service) ReviseQuoteTerms(ctx context.Context, by store.User, quoteID int64, version int, cells map[string]string) (store.StoredQuote, []quote.FieldError, error) {
	cur, err := s.store.Quote(ctx, quoteID)
	if err != nil {
		return store.StoredQuote{}, nil, err
	}
	if cur.Version != version {
		return cur, nil, store.ErrConflict
	}
	merged := quote.Cells(cur.Quote)
	for k, v := range cells {
		merged[k] = v
	}
	q, errs := quote.ParseCells(merged)
	if len(errs) > 0 {
		return cur, errs, nil
	}
	// The version is checked again under the row's lock: a revision saved
	// between the read and here is a conflict, not overwritten.
	saved, err := s.ReviseQuote(ctx, by, quoteID, version, q)
	return saved, nil, err
}
