package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/web/views"
)

type apiAwardShare struct {
	QuoteID  int64       `json:"quote_id"`
	SharePct json.Number `json:"share_pct"`
}

// apiRecordAward records an award to approve (evaluation.RecordAward):
// 201 with the award, state "awaiting_approval", and its approval plan.
func (s *Server) apiRecordAward(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Shares []apiAwardShare `json:"shares"`
		Reason string          `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	shares := make([]evaluation.AwardShare, 0, len(in.Shares))
	for _, sh := range in.Shares {
		n, err := sh.SharePct.Int64()
		if err != nil || n < 0 || n > 100 {
			n = 0 // refused by the use case, next to this share
		}
		shares = append(shares, evaluation.AwardShare{QuoteID: sh.QuoteID, SharePct: int(n)})
	}
	rec, err := s.eval.RecordAward(r.Context(), currentUser(r), id, shares, in.Reason)
	var fe evaluation.FieldErrors
	if errors.As(err, &fe) {
		return fieldErrors(fe)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Location", fmt.Sprintf("/api/v1/evaluations/%d/award", id))
	var value, cpu any // null: a quote of the award is not priced yet
	if rec.Priced {
		value, cpu = views.AwardMoneyJSON(rec.Value), views.AwardMoneyJSON(rec.CostPerUnit)
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": rec.ID, "evaluation_id": id, "status": rec.Status,
		"shares": rec.Shares, "reason": rec.Reason, "contract_value": value, "cost_per_unit": cpu, "priced": rec.Priced,
		"unit": rec.Unit, "recorded_by": rec.RecordedBy, "recorded_at": rec.RecordedAt, "required_approvers": rec.RequiredApprovers,
		"approval_order": rec.ApprovalOrder, "approver_roles": append([]string{}, rec.ApproverRoles...)})
	return nil
}

// splitJSON reads the buyer's constraints from the query
// (max_vendor_pct 1–100, verified_fabric_only=1) and suggests the split;
// a malformed constraint is a field error, not a guess.
func (s *Server) splitJSON(r *http.Request, a *evaluation.Analysis) (map[string]any, error) {
	q := r.URL.Query()
	maxPct := 100
	if v := q.Get("max_vendor_pct"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return nil, fieldErrors{"max_vendor_pct": "scoring.error.share_range"}
		}
		maxPct = n
	}
	verified := q.Get("verified_fabric_only") == "1"
	best, run := s.suggestSplit(a, maxPct, verified)
	return map[string]any{"max_vendor_pct": maxPct, "verified_fabric_only": verified,
		"suggested": views.AwardSplitJSON(best, a.WS.Currency), "runner_up": views.AwardSplitJSON(run, a.WS.Currency)}, nil
}
