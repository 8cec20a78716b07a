package web

import (
	"context"
	"strings"

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
	g := &views.ApprovalGlance{State: st.State, Changes: changeLines(z, a, st.Changes)}
	switch {
	case st.Decision != nil:
		d := st.Decision
		g.Detail = z.T("decision.approved", map[string]any{"Provider": d.Snapshot.Provider, "By": d.DecidedBy, "At": z.DateTime(d.DecidedAt)})
	case st.Award != nil:
		aw := st.Award
		g.Detail = z.N("evaluation.approval.award_detail", aw.Plan.Required, map[string]any{"Signed": z.Int(int64(len(aw.Signatures))),
			"Value": money(z, aw.Figures.Value)})
	default:
		g.Label, g.Class, g.NextStep = z.T("evaluation.approval.none"), "info", z.T("evaluation.approval.next_decide")
		return g, nil
	}
	switch st.State {
	case evaluation.StateStale:
		g.Label, g.Class, g.NextStep = z.T("evaluation.approval.stale"), "warn", z.T("evaluation.approval.next_reapprove")
	case evaluation.StateAwaiting:
		g.Label = z.N("evaluation.approval.awaiting", len(st.Award.Awaiting))
		g.Class, g.NextStep = "warn", z.T("evaluation.approval.next_sign")
	default:
		g.Label, g.Class, g.NextStep = z.T("evaluation.approval.approved"), "ok", z.T("evaluation.approval.next_memo")
	}
	return g, nil
}

// changeLines words each change since an approval: what changed by its
// label (with the quote's provider when it is one quote's), before → after.
func changeLines(z *i18n.Localizer, a *evaluation.Analysis, list []evaluation.Change) []string {
	out := make([]string, 0, len(list))
	for _, c := range list {
		label := changeLabel(z, c)
		if c.QuoteID != 0 {
			if sq, _, ok := a.Quote(c.QuoteID); ok {
				label = sq.ProviderName + " — " + label
			}
		}
		before, after := c.Before, c.After
		if before == "" {
			before = z.T("evaluation.approval.blank")
		}
		if after == "" {
			after = z.T("evaluation.approval.blank")
		}
		out = append(out, z.T("evaluation.approval.change", map[string]any{"What": label, "Before": changeValue(z, c, before),
			"After": changeValue(z, c, after)}))
	}
	return out
}

func changeLabel(z *i18n.Localizer, c evaluation.Change) string {
	switch c.Kind {
	case "assumption":
		return z.T("worksheet.assumption." + c.Key)
	case "acceptance":
		return z.T("bench.test." + c.Key)
	case "fx":
		return z.T("award.change.fx", map[string]any{"Currency": c.Key})
	case "brief":
		return z.T("brief.field." + c.Key)
	case "value":
		return z.T("award.change.value")
	}
	return z.T("quote.term." + c.Key)
}

// changeValue is a changed value in the reader's format: a number as a
// number, a contract value ("123.45 EUR") as money, a status by its label.
func changeValue(z *i18n.Localizer, c evaluation.Change, v string) string {
	switch c.Kind {
	case "value":
		if amount, cur, ok := cutMoney(v); ok {
			return z.Money(amount, cur)
		}
	case "acceptance":
		return z.T("bench.suite_status." + v)
	}
	return z.Decimal(v)
}

// cutMoney splits "123.45 EUR" into its amount and currency.
func cutMoney(v string) (amount, currency string, ok bool) {
	amount, currency, ok = strings.Cut(v, " ")
	return amount, currency, ok && len(currency) == 3
}
