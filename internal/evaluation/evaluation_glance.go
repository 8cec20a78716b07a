package evaluation

import (
	"context"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// EvaluationsPage is page (from 1) of the evaluations list, archived or
// active, EvaluationsPerPage a page; a page past the last is the first,
// as the quote pages do.
func (s *Service) EvaluationsPage(ctx context.Context, archived bool, page int) (EvaluationPage, error) {
	list, err := s.ListEvaluations(ctx, archived, max(page, 1), EvaluationsPerPage)
	if err == nil && len(list.Summaries) == 0 && list.Page > 1 {
		list, err = s.ListEvaluations(ctx, archived, 1, EvaluationsPerPage)
	}
	return list, err
}

// StatusKey is where an evaluation stands, as a message key: the
// furthest stage it reached, from drafting the brief to an approval
// (stale: an approval whose inputs have changed since).
func StatusKey(e store.EvaluationSummary, c brief.Completeness, stale bool) string {
	switch {
	case e.Archived:
		return "evaluation.status.archived"
	case e.Approved && stale:
		return "evaluation.status.stale"
	case e.Approved:
		return "evaluation.status.approved"
	case e.HasBenchmarks:
		return "evaluation.status.testing"
	case e.HasQuotes || c.ReadyToReserve():
		return "evaluation.status.collecting_quotes"
	}
	return "evaluation.status.drafting_brief"
}

// Glance is what an evaluation's summary counts: its quotes' open flags
// (those the analysis raised), the quotes that expire within a week, and
// the quote cheapest per useful unit (Best, its provider, with BestCost;
// HasBest false for none).
type Glance struct {
	Blockers, Warnings, Expiring int
	HasBest                      bool
	Best                         string
	BestCost                     tco.Money
}

// Glance counts the analysis's flags and expiring quotes as of today.
func (a *Analysis) Glance(today time.Time) Glance {
	var g Glance
	for _, sq := range a.All {
		blockers, warnings := redflag.Counts(a.Flags[sq.ID])
		g.Blockers += blockers
		g.Warnings += warnings
		if quote.Expiring(sq.Quote, today) {
			g.Expiring++
		}
	}
	for i, res := range a.WS.Results {
		if res.QuoteID == a.WS.Best[tco.RowCostPerUnit] {
			g.HasBest, g.Best, g.BestCost = true, a.Quotes[i].ProviderName, res.CostPerUnit
		}
	}
	return g
}
