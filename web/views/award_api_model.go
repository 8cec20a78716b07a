package views

import (
	"strings"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// AwardJSONView is an award as the API shows it everywhere (the decision
// API, GET /api/v1/awards/{id}, a signature's answer), on today's figures.
type AwardJSONView struct {
	ID           int64            `json:"id"`
	EvaluationID int64            `json:"evaluation_id"`
	Status       string           `json:"status"` // awaiting_approval, approved, stale, rejected, revoked
	Direct       bool             `json:"direct"`
	Shares       []AwardShareJSON `json:"shares"`
	Reason       string           `json:"reason"`
	RecordedBy   string           `json:"recorded_by"`
	RecordedAt   any              `json:"recorded_at"`
	// The figures are null while an awarded quote cannot be priced
	// (not_priced says which and why): unknown, never zero.
	ContractValue     *APIMoney           `json:"contract_value"`
	MonthlyEquivalent *APIMoney           `json:"monthly_equivalent"`
	CostPerUnit       *APIMoney           `json:"cost_per_unit"`
	Priced            bool                `json:"priced"`
	NotPriced         []awardNotPricedAPI `json:"not_priced"`
	RequiredApprovers int                 `json:"required_approvers"`
	ApprovalOrder     string              `json:"approval_order"`
	ApproverRoles     []string            `json:"approver_roles"`
	Awaiting          []string            `json:"awaiting"`
	PlanChanged       bool                `json:"plan_changed"`
	Signatures        []map[string]any    `json:"signatures"`
	Blockers          []awardBlockersAPI  `json:"blockers"`
	Changed           []awardChangeAPI    `json:"changed"`
	ApprovalHash      string              `json:"approval_hash,omitempty"`
}

// AwardShareJSON is one quote's share of an award.
type AwardShareJSON struct {
	QuoteID  int64 `json:"quote_id"`
	SharePct int   `json:"share_pct"`
}

type awardNotPricedAPI struct {
	QuoteID  int64  `json:"quote_id"`
	Provider string `json:"provider"`
	Code     string `json:"code"` // no_rate or unpriced
	Reason   string `json:"reason"`
}

type awardBlockersAPI struct {
	QuoteID    int64           `json:"quote_id"`
	Provider   string          `json:"provider"`
	Acceptance map[string]any  `json:"acceptance"`
	Blockers   []awardBlockAPI `json:"blockers"`
}

type awardBlockAPI struct {
	Kind    string `json:"kind"` // flag or test
	ID      string `json:"id"`
	Message string `json:"message"`
	Waived  bool   `json:"waived"`
	Reason  string `json:"reason,omitempty"`
}

type awardChangeAPI struct {
	Kind    string `json:"kind"`
	QuoteID int64  `json:"quote_id,omitempty"`
	Key     string `json:"key"`
	Before  string `json:"before"`
	After   string `json:"after"`
}

// AwardJSON is the award as the API shows it.
func AwardJSON(v AwardFacts) AwardJSONView {
	out := AwardJSONView{ID: v.ID, EvaluationID: v.EvaluationID, Status: v.Status, Direct: v.Direct, Shares: AwardSharesJSON(v.Shares),
		Reason: v.Reason, RecordedBy: v.RecordedBy, RecordedAt: v.RecordedAt, Priced: v.Priced, NotPriced: []awardNotPricedAPI{},
		RequiredApprovers: v.Plan.Required, ApprovalOrder: v.Plan.Order, ApproverRoles: append([]string{}, v.Plan.Roles...),
		Awaiting: append([]string{}, v.Awaiting...), PlanChanged: v.PlanChanged, Signatures: AwardSignaturesJSON(v.Signatures),
		Blockers: awardBlockersJSON(v.Quotes), Changed: AwardChangesJSON(v.Changes), ApprovalHash: v.Hash}
	if v.Priced {
		out.ContractValue, out.MonthlyEquivalent, out.CostPerUnit = AwardMoneyJSON(v.Value), AwardMoneyJSON(v.Monthly), AwardMoneyJSON(v.CostPerUnit)
	}
	for _, np := range v.NotPriced {
		out.NotPriced = append(out.NotPriced, awardNotPricedAPI{QuoteID: np.QuoteID, Provider: np.Provider, Code: np.Code, Reason: np.Reason})
	}
	return out
}

// AwardSharesJSON are an award's shares as the API states them (null for
// none).
func AwardSharesJSON(list []scoring.SplitShare) []AwardShareJSON {
	if list == nil {
		return nil
	}
	out := make([]AwardShareJSON, 0, len(list))
	for _, sh := range list {
		out = append(out, AwardShareJSON(sh))
	}
	return out
}

// AwardMoneyJSON is m as a figure the API states (a pointer: an unknown
// one is null).
func AwardMoneyJSON(m tco.Money) *APIMoney {
	out := APIMoneyOf(m)
	return &out
}

func awardBlockersJSON(list []AwardQuoteFacts) []awardBlockersAPI {
	out := make([]awardBlockersAPI, 0, len(list))
	for _, qb := range list {
		q := awardBlockersAPI{QuoteID: qb.QuoteID, Provider: qb.Provider, Blockers: []awardBlockAPI{},
			Acceptance: map[string]any{"passed": qb.Passed, "failed": qb.Failed, "waived": qb.Waived,
				"tests": qb.Tests, "automatic_open": append([]string{}, qb.AutomaticOpen...)}}
		for _, b := range qb.Blockers {
			q.Blockers = append(q.Blockers, awardBlockAPI{Kind: b.Kind, ID: b.ID, Message: b.Message, Waived: b.Waived, Reason: b.Reason})
		}
		out = append(out, q)
	}
	return out
}

// AwardChangesJSON are the changes since an approval as the API states
// them.
func AwardChangesJSON(list []approval.Change) []awardChangeAPI {
	out := make([]awardChangeAPI, 0, len(list))
	for _, c := range list {
		out = append(out, awardChangeAPI(c))
	}
	return out
}

// AwardSignaturesJSON lists every approver: name, email, role, time and
// reason.
func AwardSignaturesJSON(list []approval.Signature) []map[string]any {
	out := make([]map[string]any, 0, len(list))
	for _, sg := range list {
		out = append(out, map[string]any{"step": sg.Step, "name": sg.Name, "email": sg.Email, "role": sg.Role,
			"reason": sg.Reason, "approved_at": sg.At})
	}
	return out
}

// AwardRefusalJSON is a refused signature's answer: its code, an English
// sentence (z), and what the caller needs to act (the open blockers, who
// must still sign, what changed).
func AwardRefusalJSON(z *i18n.Localizer, rf AwardRefusal, blockers []AwardQuoteFacts, changes []approval.Change) map[string]any {
	body := map[string]any{"code": rf.Code, "error": z.T("award.refused."+rf.Code,
		map[string]any{"Roles": strings.Join(rf.Awaiting, ", "), "N": rf.Required})}
	if len(blockers) > 0 {
		body["blockers"] = awardBlockersJSON(blockers)
	}
	if rf.Code == "plan_changed" || len(rf.Awaiting) > 0 {
		body["awaiting"] = append([]string{}, rf.Awaiting...)
		body["required_approvers"] = rf.Required
	}
	if len(changes) > 0 {
		body["changed"] = AwardChangesJSON(changes)
	}
	return body
}

// AwardSplitJSON is a suggested split of the capacity with its figures
// in currency (null: none).
func AwardSplitJSON(sp *scoring.Split, currency string) any {
	if sp == nil {
		return nil
	}
	money := func(minor int64) APIMoney { return APIMoneyOf(tco.Money{Minor: minor, Currency: currency}) }
	out := &struct {
		Shares        []AwardShareJSON `json:"shares"`
		CostPerUnit   APIMoney         `json:"cost_per_unit"`
		ContractValue APIMoney         `json:"contract_value"`     // as the award recorded from it will carry
		MonthlyEquiv  APIMoney         `json:"monthly_equivalent"` // its contract monthly equivalent
	}{CostPerUnit: money(sp.Figures.CostPerUnitMinor), ContractValue: money(sp.Figures.ContractMinor), MonthlyEquiv: money(sp.Figures.MonthlyMinor)}
	for _, sh := range sp.Shares {
		out.Shares = append(out.Shares, AwardShareJSON(sh))
	}
	return out
}
