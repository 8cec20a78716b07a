package views

import (
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// ApprovalGlanceFacts is where the evaluation's approval stands
// (evaluation.ApprovalState): its state, what changed, and the
// single-quote approval or the award it is about (neither: none).
type ApprovalGlanceFacts struct {
	State    string
	Changes  []approval.Change
	Decision *ApprovalDecisionFacts
	Award    *AwardFacts
}

// ApprovalDecisionFacts is a single-quote approval: whose quote, who
// approved it and when.
type ApprovalDecisionFacts struct {
	Provider, By string
	At           time.Time
}

// ApprovalGlanceModel words the evaluation's approval state for its home:
// a status (approved, stale, awaiting approvers, none), who and when, what
// changed since a stale approval, and the next step.
func ApprovalGlanceModel(z *i18n.Localizer, n AwardNames, st ApprovalGlanceFacts) *ApprovalGlance {
	g := &ApprovalGlance{State: st.State, Changes: AwardChanges(z, n, st.Changes)}
	switch {
	case st.Decision != nil:
		d := st.Decision
		g.Detail = z.T("decision.approved", map[string]any{"Provider": d.Provider, "By": d.By, "At": z.DateTime(d.At)})
	case st.Award != nil:
		aw := st.Award
		g.Detail = z.N("evaluation.approval.award_detail", aw.Plan.Required, map[string]any{"Signed": z.Int(int64(len(aw.Signatures))),
			"Value": awardMoney(z, aw.Value)})
	default:
		g.Label, g.Class, g.NextStep = z.T("evaluation.approval.none"), "info", z.T("evaluation.approval.next_decide")
		return g
	}
	switch st.State {
	case "stale":
		g.Label, g.Class, g.NextStep = z.T("evaluation.approval.stale"), "warn", z.T("evaluation.approval.next_reapprove")
	case "awaiting":
		g.Label = z.N("evaluation.approval.awaiting", len(st.Award.Awaiting))
		g.Class, g.NextStep = "warn", z.T("evaluation.approval.next_sign")
	default:
		g.Label, g.Class, g.NextStep = z.T("evaluation.approval.approved"), "ok", z.T("evaluation.approval.next_memo")
	}
	return g
}

// AwardAuditValue shows an award's audit fields in words: the shares by
// quote and percent, the signing order, the approvers' roles, the status.
func AwardAuditValue(z *i18n.Localizer, k string, v any) (string, bool) {
	switch k {
	case "shares":
		list, _ := v.([]any)
		parts := make([]string, 0, len(list))
		for _, x := range list {
			m, _ := x.(map[string]any)
			id, _ := m["quote_id"].(float64)
			pct, _ := m["share_pct"].(float64)
			parts = append(parts, z.T("award.share_line", map[string]any{"Provider": z.T("award.quote_number", map[string]any{"ID": int64(id)}),
				"Pct": z.Int(int64(pct))}))
		}
		return strings.Join(parts, ", "), true
	case "approval_order", "order":
		if s, ok := v.(string); ok && s != "" {
			return z.T("award.order." + s), true
		}
	case "approver_roles", "roles":
		list, _ := v.([]any)
		roles := make([]string, 0, len(list))
		for _, r := range list {
			if s, ok := r.(string); ok {
				roles = append(roles, s)
			}
		}
		return AwardRoles(z, roles), true
	case "status":
		if s, ok := v.(string); ok {
			if label := z.T("award.status." + s); label != "award.status."+s {
				return label, true
			}
		}
	}
	return "", false
}
