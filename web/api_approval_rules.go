package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
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
	// A browser session reaching the API meets the approval form's
	// fresh-login rule, as decisions do.
	if s.needsReauth(principalFrom(r.Context())) {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"error": i18n.T(r.Context(), "decision.error.reauth"), "code": "reauth"})
		return nil
	}
	res, err := s.eval.ApproveAward(r.Context(), currentUser(r), id, in.Reason)
	if rf := (*evaluation.SigningRefusal)(nil); errors.As(err, &rf) {
		signingRefusalJSON(w, r, rf)
		return nil
	}
	if err != nil {
		return err
	}
	v, _, err := s.eval.Award(r.Context(), id)
	if err != nil {
		return err
	}
	body := map[string]any{"award_id": res.AwardID, "evaluation_id": res.EvaluationID, "status": res.Status,
		"approvals": res.Approvals, "required_approvers": res.RequiredApprovers, "approvers": res.Approvers,
		"signatures": apiSignatures(res.Signatures), "award": awardViewJSON(v)}
	if res.Status == "approved" {
		body["state"] = "approved"
		writeJSON(w, http.StatusOK, body)
		return nil
	}
	body["state"] = "awaiting approval"
	writeJSON(w, http.StatusAccepted, body)
	return nil
}

// apiSignatures lists every approver: name, email, role, time and reason.
func apiSignatures(list []approval.Signature) []map[string]any {
	out := make([]map[string]any, 0, len(list))
	for _, sg := range list {
		out = append(out, map[string]any{"step": sg.Step, "name": sg.Name, "email": sg.Email, "role": sg.Role,
			"reason": sg.Reason, "approved_at": sg.At})
	}
	return out
}
