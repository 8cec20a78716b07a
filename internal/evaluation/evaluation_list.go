package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/store"
)

// EvaluationsPerPage is how many evaluations a page of the list shows, on
// the page and in the API by default.
const EvaluationsPerPage = 50

// EvaluationPage is a page of the evaluations list: each evaluation with
// its brief and counts, its decision status and whether its approval is
// stale, and where the page stands in the whole list.
type EvaluationPage struct {
	Summaries []store.EvaluationSummary
	Decisions map[int64]store.DecisionStatus
	Stale     map[int64]bool
	// Page is the page read (from 1), PerPage its size; Total counts the
	// list's evaluations and Pages its pages (at least 1).
	Page, PerPage, Pages, Total int
}

// ListEvaluations reads page (from 1) of per evaluations, archived or
// active, newest change first: the work is bounded by the page, however
// many evaluations there are. A page past the last is empty, with the
// totals.
func (s *Service) ListEvaluations(ctx context.Context, archived bool, page, per int) (EvaluationPage, error) {
	p := EvaluationPage{Page: max(page, 1), PerPage: per}
	var err error
	// No snapshot: the list is a glance, and each of its reads is whole.
	if p.Summaries, p.Total, err = s.store.ListEvaluationSummaries(ctx, archived, per, (p.Page-1)*per); err != nil {
		return EvaluationPage{}, err
	}
	if len(p.Summaries) == 0 && p.Page > 1 {
		if p.Total, err = s.store.CountEvaluations(ctx, archived); err != nil {
			return EvaluationPage{}, err
		}
	}
	p.Decisions = make(map[int64]store.DecisionStatus, len(p.Summaries))
	for _, e := range p.Summaries {
		p.Decisions[e.ID] = e.Decision
	}
	p.Pages = max(1, (p.Total+per-1)/per)
	if p.Stale, err = s.StaleApprovals(ctx, p.Summaries); err != nil {
		return EvaluationPage{}, err
	}
	return p, nil
}
