package web

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/store"
)

// staleApprovals tells, by evaluation id, which approvals in force no
// longer match the approved quote's terms or the assumptions: the rule
// of the decision page (decisionState.inputsHash), computed from the
// approved quote alone, so the list's cost does not grow with the quotes
// of an evaluation, and its queries not with the number of approvals.
//
// As on the decision page, an approved quote the worksheet leaves out (no
// exchange rate, or the model cannot price it) is not called stale, and
// an evaluation whose assumptions cannot be built is logged and not
// called stale.
func (s *Server) staleApprovals(ctx context.Context, list []store.EvaluationSummary) (map[int64]bool, error) {
	out := map[int64]bool{}
	var fx *fxRates
	for _, e := range list {
		ap := e.Approval
		if ap == nil || e.Archived {
			continue
		}
		if fx == nil {
			rates, err := s.worksheetFX(ctx)
			if err != nil {
				return nil, err
			}
			fx = &rates
		}
		a, err := worksheetAssumptions(e.Brief, ap.Overrides, *fx)
		if err != nil {
			s.log.Warn("approval staleness", "evaluation", e.ID, "err", err)
			continue
		}
		if _, place := worksheetInput(ap.Quote, *fx, a); place == compared {
			out[e.ID] = ap.InputsHash != approvalInputsHash(a, ap.Quote.Quote)
		}
	}
	return out, nil
}
