package web

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// apiAwardView is an award as the API shows it everywhere (the decision
// API, GET /api/v1/awards/{id}, a signature's answer), on today's figures.
type apiAwardView struct {
	ID           int64  `json:"id"`
	EvaluationID int64  `json:"evaluation_id"`
	Status       string `json:"status"` // awaiting_approval, approved, stale, rejected, revoked
	Direct       bool   `json:"direct"`
	Shares       any    `json:"shares"`
	Reason       string `json:"reason"`
	RecordedBy   string `json:"recorded_by"`
	RecordedAt   any    `json:"recorded_at"`
	// The figures are null while an awarded quote cannot be priced
	// (not_priced says which and why): unknown, never zero.
	ContractValue     *apiMoney          `json:"contract_value"`
	MonthlyEquivalent *apiMoney          `json:"monthly_equivalent"`
	CostPerUnit       *apiMoney          `json:"cost_per_unit"`
	Priced            bool               `json:"priced"`
	NotPriced         []apiNotPriced     `json:"not_priced"`
	RequiredApprovers int                `json:"required_approvers"`
	ApprovalOrder     string             `json:"approval_order"`
	ApproverRoles     []string           `json:"approver_roles"`
	Awaiting          []string           `json:"awaiting"`
	PlanChanged       bool               `json:"plan_changed"`
	Signatures        []map[string]any   `json:"signatures"`
	Blockers          []apiQuoteBlockers `json:"blockers"`
	Changed           []apiAwardChange   `json:"changed"`
	ApprovalHash      string             `json:"approval_hash,omitempty"`
}

type apiNotPriced struct {
	QuoteID  int64  `json:"quote_id"`
	Provider string `json:"provider"`
	Code     string `json:"code"` // no_rate or unpriced
	Reason   string `json:"reason"`
}

type apiQuoteBlockers struct {
	QuoteID    int64           `json:"quote_id"`
	Provider   string          `json:"provider"`
	Acceptance map[string]any  `json:"acceptance"`
	Blockers   []apiAwardBlock `json:"blockers"`
}

type apiAwardBlock struct {
	Kind    string `json:"kind"` // flag or test
	ID      string `json:"id"`
	Message string `json:"message"`
	Waived  bool   `json:"waived"`
	Reason  string `json:"reason,omitempty"`
}

type apiAwardChange struct {
	Kind    string `json:"kind"`
	QuoteID int64  `json:"quote_id,omitempty"`
	Key     string `json:"key"`
	Before  string `json:"before"`
	After   string `json:"after"`
}

func awardViewJSON(v evaluation.AwardView) apiAwardView {
	out := apiAwardView{ID: v.ID, EvaluationID: v.EvaluationID, Status: v.Status, Direct: v.Direct, Shares: v.Shares, Reason: v.Reason,
		RecordedBy: v.RecordedBy, RecordedAt: v.RecordedAt, Priced: v.Priced, NotPriced: []apiNotPriced{},
		RequiredApprovers: v.Plan.Required, ApprovalOrder: v.Plan.Order, ApproverRoles: append([]string{}, v.Plan.Roles...),
		Awaiting: append([]string{}, v.Awaiting...), PlanChanged: v.PlanChanged, Signatures: apiSignatures(v.Signatures),
		Blockers: blockersJSON(v.Blockers), Changed: changesJSON(v.Changes), ApprovalHash: v.ApprovalHash}
	if v.Priced {
		out.ContractValue, out.MonthlyEquivalent, out.CostPerUnit = knownMoney(v.Figures.Value), knownMoney(v.Figures.Monthly), knownMoney(v.Figures.CostPerUnit)
	}
	for _, np := range v.NotPriced {
		out.NotPriced = append(out.NotPriced, apiNotPriced{QuoteID: np.QuoteID, Provider: np.Provider, Code: np.Code, Reason: np.Reason})
	}
	return out
}

func blockersJSON(list []evaluation.QuoteBlockers) []apiQuoteBlockers {
	out := make([]apiQuoteBlockers, 0, len(list))
	for _, qb := range list {
		q := apiQuoteBlockers{QuoteID: qb.QuoteID, Provider: qb.Provider, Blockers: []apiAwardBlock{},
			Acceptance: map[string]any{"passed": qb.Acceptance.Passed, "failed": qb.Acceptance.Failed, "waived": qb.Acceptance.Waived,
				"tests": qb.Tests, "automatic_open": append([]string{}, qb.AutomaticOpen...)}}
		for _, b := range qb.Blockers {
			q.Blockers = append(q.Blockers, apiAwardBlock{Kind: b.Kind, ID: b.ID, Message: b.Message, Waived: b.Waived, Reason: b.Reason})
		}
		out = append(out, q)
	}
	return out
}

func changesJSON(list []evaluation.Change) []apiAwardChange {
	out := make([]apiAwardChange, 0, len(list))
	for _, c := range list {
		out = append(out, apiAwardChange{Kind: c.Kind, QuoteID: c.QuoteID, Key: c.Key, Before: c.Before, After: c.After})
	}
	return out
}

// apiAward is GET /api/v1/awards/{id}: the award on today's figures.
func (s *Server) apiAward(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	v, _, err := s.eval.Award(r.Context(), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, awardViewJSON(v))
	return nil
}

// signingRefusalJSON answers a refused signature: 409 with its code, an
// English sentence, and what the caller needs to act (the open blockers,
// who must still sign, what changed).
func signingRefusalJSON(w http.ResponseWriter, r *http.Request, rf *evaluation.SigningRefusal) {
	body := map[string]any{"code": rf.Code, "error": i18n.T(r.Context(), "award.refused."+rf.Code,
		map[string]any{"Roles": strings.Join(rf.Awaiting, ", "), "N": rf.Plan.Required})}
	if len(rf.Blockers) > 0 {
		body["blockers"] = blockersJSON(rf.Blockers)
	}
	if rf.Code == evaluation.CodePlanChanged || len(rf.Awaiting) > 0 {
		body["awaiting"] = append([]string{}, rf.Awaiting...)
		body["required_approvers"] = rf.Plan.Required
	}
	if len(rf.Changes) > 0 {
		body["changed"] = changesJSON(rf.Changes)
	}
	writeJSON(w, http.StatusConflict, body)
}

// apiAwardAction runs a rejection, revocation or re-approval with the
// reason the body gives; refusals are 409 with their code.
func (s *Server) apiAwardAction(w http.ResponseWriter, r *http.Request, act func(id int64, reason string) error) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Reason = strings.TrimSpace(in.Reason); in.Reason == "" || len(in.Reason) > 8000 {
		return fieldErrors{"reason": "form.error.required"}
	}
	err = act(id, in.Reason)
	var rf *evaluation.SigningRefusal
	var dr evaluation.Refusal
	switch {
	case errors.As(err, &rf):
		signingRefusalJSON(w, r, rf)
		return nil
	case errors.As(err, &dr):
		writeJSON(w, refusalStatus(dr), map[string]any{"error": refusalText(i18n.From(r.Context()), dr), "code": refusalCode(dr)})
		return nil
	case err != nil:
		return err
	}
	v, _, err := s.eval.Award(r.Context(), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, awardViewJSON(v))
	return nil
}

func (s *Server) apiRejectAward(w http.ResponseWriter, r *http.Request) error {
	return s.apiAwardAction(w, r, func(id int64, reason string) error {
		return s.eval.RejectAward(r.Context(), currentUser(r), id, reason)
	})
}

func (s *Server) apiRevokeAward(w http.ResponseWriter, r *http.Request) error {
	return s.apiAwardAction(w, r, func(id int64, reason string) error {
		return s.eval.RevokeAward(r.Context(), currentUser(r), id, reason)
	})
}

// apiReapproveAward renews a stale award; the answer is the stale award,
// now revoked (the new one is in the evaluation's awards).
func (s *Server) apiReapproveAward(w http.ResponseWriter, r *http.Request) error {
	if s.needsReauth(principalFrom(r.Context())) {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": i18n.T(r.Context(), "decision.error.reauth"), "code": "reauth"})
		return nil
	}
	return s.apiAwardAction(w, r, func(id int64, reason string) error {
		_, err := s.eval.ReapproveAward(r.Context(), currentUser(r), id, reason)
		return err
	})
}

// refusalCode is a refused decision's API code: the rule's key without
// its prefix.
func refusalCode(rf evaluation.Refusal) string {
	return strings.TrimPrefix(strings.TrimPrefix(rf.Key, "decision.error."), "award.refused.")
}

// approvalJSONNow is the single-quote approval in force with its
// staleness judged as its award's (what ApprovalState says), nil when
// none.
func (s *Server) approvalJSONNow(ctx context.Context, a *evaluation.Analysis) (any, error) {
	cur := a.CurrentApproval()
	if cur == nil {
		return nil, nil
	}
	state, err := s.eval.ApprovalState(ctx, a)
	if err != nil {
		return nil, err
	}
	stale := a.ApprovalStale()
	if state.Decision != nil {
		stale = state.State == evaluation.StateStale
	}
	return map[string]any{"quote_id": cur.QuoteID, "by": cur.DecidedBy, "at": cur.DecidedAt, "reason": cur.Reason,
		"content_hash": cur.ContentHash, "stale": stale, "self_approval": cur.SelfApproval, "changed": changesJSON(state.Changes)}, nil
}

// awardsNow are the evaluation's recorded awards and the single-quote
// approval in force, judged on a as every surface judges them.
func (s *Server) awardsNow(ctx context.Context, a *evaluation.Analysis) ([]apiAwardView, any, error) {
	views, err := s.eval.Awards(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	out := make([]apiAwardView, 0, len(views))
	for _, v := range views {
		out = append(out, awardViewJSON(v))
	}
	approvalNow, err := s.approvalJSONNow(ctx, a)
	return out, approvalNow, err
}

// knownMoney is m as a figure the API states (a pointer: an unknown one
// is null).
func knownMoney(m tco.Money) *apiMoney {
	out := apiMoneyOf(m)
	return &out
}
