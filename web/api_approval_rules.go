package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
)

// apiPutApprovalRules sets the approval thresholds (admin, audited as a
// setting): {"currency", "tiers": [{"above", "approvers"}]}.
func (s *Server) apiPutApprovalRules(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Currency string `json:"currency"`
		Tiers    []struct {
			Above     json.RawMessage `json:"above"`
			Approvers json.Number     `json:"approvers"`
		} `json:"tiers"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	rules := scoring.ApprovalRules{Currency: strings.TrimSpace(in.Currency)}
	for _, t := range in.Tiers {
		above, _ := jsonScalar(t.Above)
		n, err := t.Approvers.Int64()
		if err != nil || n > scoring.MaxApprovers {
			n = 0 // refused by Check, next to this tier
		}
		rules.Tiers = append(rules.Tiers, scoring.Tier{Above: above, Approvers: int(n)})
	}
	if errs := rules.Check(); len(errs) > 0 {
		return fieldErrors(errs)
	}
	raw, err := json.Marshal(rules)
	if err != nil {
		return err
	}
	if err := s.store.SetSetting(r.Context(), currentUser(r).Actor(), store.SettingApprovalRules, string(raw)); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, rules)
	return nil
}

// errNoRate refuses to decide the approvers of an award whose currency
// cannot be compared with the thresholds.
var errNoRate = fieldErrors{"shares": "scoring.error.no_rate"}

// requiredApprovers is how many approvers an award of value (an exact
// decimal in cur) needs under the rules in force. A value in another
// currency is converted with the admin's rates for the comparison only.
func (s *Server) requiredApprovers(r *http.Request, a *evaluation.Analysis, value, cur string) (int, error) {
	raw, err := s.store.Setting(r.Context(), store.SettingApprovalRules)
	if err != nil || raw == "" {
		return 1, err
	}
	var rules scoring.ApprovalRules
	if err := json.Unmarshal([]byte(raw), &rules); err != nil {
		return 0, fmt.Errorf("approval rules: %w", err)
	}
	v, err := quote.ParseDecimal(value)
	if err != nil {
		return 0, err
	}
	if cur != rules.Currency {
		usd := func(c string) (float64, bool) {
			if c == "USD" {
				return 1, true
			}
			d, ok := a.FX.USDPer[c]
			return d.Float64(), ok && d.Float64() > 0
		}
		from, ok1 := usd(cur)
		to, ok2 := usd(rules.Currency)
		if !ok1 || !ok2 {
			return 0, errNoRate
		}
		if v, err = quote.ParseDecimal(fmt.Sprintf("%.2f", v.Float64()*from/to)); err != nil {
			return 0, err
		}
	}
	return rules.Required(v), nil
}

// apiApproveAward adds the caller's approval to a recorded award: 200
// "approved" when it has all the approvers its value needs, else 202
// "awaiting approval". Its recorder, or someone who already approved it,
// is refused with 409.
func (s *Server) apiApproveAward(w http.ResponseWriter, r *http.Request) error {
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
	res, err := s.store.ApproveAward(r.Context(), currentUser(r).Actor(), id, in.Reason)
	if errors.Is(err, store.ErrSameApprover) {
		writeJSON(w, http.StatusConflict, map[string]any{"error": "another person must approve", "code": "same_approver"})
		return nil
	}
	if err != nil {
		return err
	}
	body := map[string]any{"award_id": res.AwardID, "evaluation_id": res.EvaluationID, "status": res.Status,
		"approvals": res.Approvals, "required_approvers": res.RequiredApprovers, "approvers": res.Approvers}
	if res.Status == "approved" {
		body["state"] = "approved"
		writeJSON(w, http.StatusOK, body)
		return nil
	}
	body["state"] = "awaiting approval"
	writeJSON(w, http.StatusAccepted, body)
	return nil
}
