package web

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// approvalGlance words the evaluation's approval state for its home: a
// status (approved, stale, awaiting approvers, none), who and when, what
// changed since a stale approval, and the next step.
func (s *Server) approvalGlance(ctx context.Context, z *i18n.Localizer, a *evaluation.Analysis) (*views.ApprovalGlance, error) {
	st, err := s.eval.ApprovalState(ctx, a)
	if err != nil {
		return nil, err
	}
	g := &views.ApprovalGlance{State: st.State}
	changes := changeLines(z, st.Changes)
	switch {
	case st.Decision != nil:
		d := st.Decision
		g.Detail = z.T("decision.approved", map[string]any{"Provider": d.Snapshot.Provider, "By": d.DecidedBy, "At": z.DateTime(d.DecidedAt)})
		g.Label, g.Class, g.NextStep = z.T("evaluation.approval.approved"), "ok", z.T("evaluation.approval.next_memo")
		if st.State == evaluation.StateStale {
			g.Label, g.Class, g.NextStep, g.Changes = z.T("evaluation.approval.stale"), "warn", z.T("evaluation.approval.next_reapprove"), changes
		}
	case st.Award != nil:
		aw := st.Award
		g.Detail = z.N("evaluation.approval.award_detail", aw.RequiredApprovers, map[string]any{"Signed": z.Int(int64(len(aw.Signatures))),
			"Value": z.Money(aw.ContractValue, aw.Currency)})
		g.Label, g.Class, g.NextStep = z.T("evaluation.approval.approved"), "ok", z.T("evaluation.approval.next_memo")
		if st.State == evaluation.StateAwaiting {
			g.Label = z.N("evaluation.approval.awaiting", aw.RequiredApprovers-len(aw.Signatures))
			g.Class, g.NextStep = "warn", z.T("evaluation.approval.next_sign")
		}
	default:
		g.Label, g.Class, g.NextStep = z.T("evaluation.approval.none"), "info", z.T("evaluation.approval.next_decide")
	}
	return g, nil
}

// changeLines words each change since an approval: the term or the
// assumption by its label, before → after.
func changeLines(z *i18n.Localizer, list []evaluation.Change) []string {
	out := make([]string, 0, len(list))
	for _, c := range list {
		label := z.T("quote.term." + c.Key)
		if c.Kind == "assumption" {
			label = z.T("worksheet.assumption." + c.Key)
		}
		before, after := c.Before, c.After
		if before == "" {
			before = z.T("evaluation.approval.blank")
		}
		if after == "" {
			after = z.T("evaluation.approval.blank")
		}
		out = append(out, z.T("evaluation.approval.change", map[string]any{"What": label, "Before": z.Decimal(before), "After": z.Decimal(after)}))
	}
	return out
}
