package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
)

// QuotePage is what a quote's page shows: the quote in its context, its
// revisions, its evaluation's kept analysis with the quote's own flags,
// its acceptance bench and its share of an award.
type QuotePage struct {
	QuoteInContext
	Revisions []store.Revision
	Analysis  *Analysis
	Flags     []redflag.Flag
	Bench     Bench
	Award     *QuoteAward // nil: in no award
}

// QuotePage reads what the quote's page shows.
func (s *Service) QuotePage(ctx context.Context, id int64) (QuotePage, error) {
	var out QuotePage
	var err error
	if out.QuoteInContext, err = s.QuoteInContext(ctx, id); err != nil {
		return out, err
	}
	if out.Revisions, err = s.Revisions(ctx, id); err != nil {
		return out, err
	}
	if out.Analysis, err = s.Analyze(ctx, out.Quote.EvaluationID); err != nil {
		return out, err
	}
	out.Flags = out.Analysis.TermFlags[id]
	awards, err := s.StoredAwards(ctx, out.Quote.EvaluationID)
	if err != nil {
		return out, err
	}
	out.Award = QuoteAwardIn(awards, id)
	out.Bench, err = s.Bench(ctx, out.Quote, out.Brief.Data)
	return out, err
}

// QuoteAward is a quote's share of an award of its evaluation.
type QuoteAward struct {
	SharePct int
	Approved bool // the award is approved, not awaiting approval
}

// QuoteAwardIn finds the quote in its evaluation's awards, the approved
// one first. A direct award is the quote's own approval (its shortlist
// status says it); a rejected or revoked award holds nothing.
func QuoteAwardIn(awards []store.Award, quoteID int64) *QuoteAward {
	for _, approved := range []bool{true, false} {
		for _, aw := range awards {
			if aw.Direct || (aw.Status != "approved" && aw.Status != "awaiting_approval") || (aw.Status == "approved") != approved {
				continue
			}
			for _, sh := range aw.Shares {
				if sh.QuoteID == quoteID {
					return &QuoteAward{SharePct: sh.SharePct, Approved: approved}
				}
			}
		}
	}
	return nil
}
