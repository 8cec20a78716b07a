package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ImportResult is what an import did: the plan (every row and its action)
// and, per row, the quote it added, revised or left unchanged.
type ImportResult struct {
	Plan     quote.ImportPlan
	QuoteIDs []int64
}

// PreviewImport plans an import of rows (read from the file with their
// lines) against the quotes the evaluation holds now, saving nothing. A
// row that matches a held quote is refused in quote.ImportAddOnly mode
// (a *quote.ImportError naming the line).
func (s *Service) PreviewImport(ctx context.Context, evaluationID int64, rows []quote.Quote, lines []int, mode quote.ImportMode) (quote.ImportPlan, error) {
	known, err := s.store.KnownQuotes(ctx, evaluationID)
	if err != nil {
		return quote.ImportPlan{}, err
	}
	return quote.PlanImport(known, rows, lines, mode)
}

// ImportQuotes plans the import again against the quotes held when it is
// saved (the preview may be stale) and, in one transaction, adds the new
// quotes and saves the revisions; unchanged rows change nothing.
func (s *Service) ImportQuotes(ctx context.Context, u store.User, evaluationID int64, rows []quote.Quote, lines []int, mode quote.ImportMode) (ImportResult, error) {
	var res ImportResult
	var added []int64
	// One Tx: the quotes an import revises have their uploads judged
	// again against the new terms in the same transaction.
	err := s.store.Tx(ctx, func(tx *store.Store) error {
		var err error
		if added, err = tx.ImportPlanned(ctx, u.Actor(), evaluationID, importPlan(&res, rows, lines, mode)); err != nil {
			return err
		}
		for _, r := range res.Plan.Rows {
			if r.Action == quote.RowRevision {
				if err := RejudgeQuote(ctx, tx, u.Actor(), r.QuoteID, 0); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return ImportResult{}, err
	}
	res.QuoteIDs = make([]int64, len(res.Plan.Rows))
	next := 0
	for i, r := range res.Plan.Rows {
		res.QuoteIDs[i] = r.QuoteID
		if r.Action == quote.RowNew {
			res.QuoteIDs[i] = added[next]
			next++
		}
	}
	return res, nil
}

// importPlan plans the import on the quotes held when it is saved,
// keeping the plan in res.
func importPlan(res *ImportResult, rows []quote.Quote, lines []int, mode quote.ImportMode) func([]quote.Known) (store.ImportChanges, error) {
	return func(known []quote.Known) (store.ImportChanges, error) {
		plan, err := quote.PlanImport(known, rows, lines, mode)
		if err != nil {
			return store.ImportChanges{}, err
		}
		res.Plan = plan
		var ch store.ImportChanges
		for i, r := range plan.Rows {
			switch r.Action {
			case quote.RowNew:
				ch.Add = append(ch.Add, rows[i])
			case quote.RowRevision:
				ch.Revise = append(ch.Revise, store.ImportRevision{QuoteID: r.QuoteID, Version: r.Version, Quote: rows[i]})
			}
		}
		return ch, nil
	}
}
