package web

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/web/views"
)

// apiPutApprovalRules sets the approval thresholds (admin, audited as a
// setting): {"currency", "tiers": [{"above", "approvers"}]}.
func (s *Server) apiPutApprovalRules(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Currency string `json:"currency"`
		Tiers    []struct {
			Above     json.RawMessage `json:"above"`
			Approvers json.Number     `json:"approvers"`
			Order     string          `json:"order"`
			Roles     []string        `json:"roles"`
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
		rules.Tiers = append(rules.Tiers, scoring.Tier{Above: above, Approvers: int(n), Order: t.Order, Roles: t.Roles})
	}
	if err := s.eval.SaveApprovalRules(r.Context(), currentUser(r).Actor(), rules); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, rules)
	return nil
}

// apiApproveAward adds the caller's signature to a recorded award (an
// approve-scope token is the re-authentication here): 200 "approved" when
// every step of its plan is signed, else 202 "awaiting approval". A
// signature the plan refuses (its recorder, someone who signed, out of
// order, another role) is 409 with a code saying which.
func (s *Server) apiApproveAward(w http.ResponseWriter, r *http.Request) error {
	return s.apiAwardAction(w, r, true, func(id int64, reason string) (func(evaluation.AwardView) (int, any), error) {
		res, err := s.eval.ApproveAward(r.Context(), currentUser(r), id, reason)
		return func(v evaluation.AwardView) (int, any) {
			body := map[string]any{"award_id": res.AwardID, "evaluation_id": res.EvaluationID, "status": res.Status,
				"approvals": res.Approvals, "required_approvers": res.RequiredApprovers, "approvers": res.Approvers,
				"signatures": views.AwardSignaturesJSON(res.Signatures), "award": awardViewJSON(v), "state": "awaiting approval"}
			if res.Status == "approved" {
				body["state"] = "approved"
				return http.StatusOK, body
			}
			return http.StatusAccepted, body
		}, err
	})
}
