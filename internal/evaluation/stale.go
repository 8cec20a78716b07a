package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/store"
)

// StaleApprovals tells, for the evaluations of a list, whether the
// approval in force no longer matches its quote's terms or the
// assumptions — the same rule as Analysis.ApprovalStale, from what the
// list query already read (the approved quote and the edited
// assumptions), so the list costs no worksheet per evaluation.
func (s *Service) StaleApprovals(ctx context.Context, list []store.EvaluationSummary) (map[int64]bool, error) {
	out := map[int64]bool{}
	var fx *FXTable
	for _, e := range list {
		ap := e.Approval
		if ap == nil || e.Archived {
			continue
		}
		if fx == nil {
			t, err := s.FX(ctx)
			if err != nil {
				return nil, err
			}
			fx = &t
		}
		a := Assumptions(e.Brief, ap.Overrides, *fx)
		if _, err := costInput(ap.Quote, e.Brief, a, *fx); err == nil {
			out[e.ID] = ap.InputsHash != inputsHash(a, ap.Quote.Quote)
		}
	}
	return out, nil
}
