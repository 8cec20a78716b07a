package web

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// maxAwardShares bounds the work of one award request.
const maxAwardShares = 20

type apiAwardShare struct {
	QuoteID  int64       `json:"quote_id"`
	SharePct json.Number `json:"share_pct"`
}

// apiRecordAward records an award to approve: one quote at 100 % or a
// split of the brief's capacity across priced quotes, the shares summing
// to 100, with the combined contract value and cost per useful unit from
// the analysis. 201 with the award, state "awaiting_approval".
func (s *Server) apiRecordAward(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Shares []apiAwardShare `json:"shares"`
		Reason string          `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	a, err := s.analysisParam(r)
	if err != nil {
		return err
	}
	shares, parts, fe := awardShares(a, in.Shares)
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Reason == "" || utf8.RuneCountInString(in.Reason) > 2000 {
		fe["reason"] = "form.error.required"
	}
	if len(fe) > 0 {
		return fe
	}
	c := scoring.Combine(parts)
	cur := a.WS.Currency
	value, cpu := tco.Money{Minor: c.ContractMinor, Currency: cur}, tco.Money{Minor: c.CostPerUnitMinor, Currency: cur}
	need, err := s.requiredApprovers(r, a, value.Decimal(), cur)
	if err != nil {
		return err
	}
	rec, err := s.store.RecordAward(r.Context(), currentUser(r).Actor(), store.NewAward{EvaluationID: a.Evaluation.ID, Shares: shares,
		Reason: in.Reason, Currency: cur, ContractValue: value.Decimal(), CostPerUnit: cpu.Decimal(), RequiredApprovers: need})
	if err != nil {
		return err
	}
	w.Header().Set("Location", fmt.Sprintf("/api/v1/evaluations/%d/award", a.Evaluation.ID))
	writeJSON(w, http.StatusCreated, map[string]any{"id": rec.ID, "evaluation_id": a.Evaluation.ID, "status": rec.Status,
		"shares": shares, "reason": rec.Reason, "contract_value": apiMoneyOf(value), "cost_per_unit": apiMoneyOf(cpu),
		"unit": a.WS.UnitName, "recorded_by": rec.RecordedBy, "recorded_at": rec.RecordedAt, "required_approvers": rec.RequiredApprovers})
	return nil
}

// awardShares checks the shares against the analysis: each a priced quote
// of the evaluation, once, with a whole 1–100 %, summing to 100.
func awardShares(a *evaluation.Analysis, in []apiAwardShare) ([]store.AwardShare, []scoring.Part, fieldErrors) {
	fe := fieldErrors{}
	if len(in) == 0 || len(in) > maxAwardShares {
		fe["shares"] = "scoring.error.shares_count"
		return nil, nil, fe
	}
	var shares []store.AwardShare
	var parts []scoring.Part
	seen := map[int64]bool{}
	sum := 0
	for i, sh := range in {
		field := fmt.Sprintf("shares[%d]", i)
		n, err := sh.SharePct.Int64()
		if err != nil || n < 1 || n > 100 {
			fe[field+".share_pct"] = "scoring.error.share_range"
			continue
		}
		_, idx, ok := a.Quote(sh.QuoteID)
		switch {
		case !ok:
			fe[field+".quote_id"] = "scoring.error.quote_not_priced"
			continue
		case seen[sh.QuoteID]:
			fe[field+".quote_id"] = "scoring.error.duplicate_quote"
			continue
		}
		seen[sh.QuoteID] = true
		sum += int(n)
		res := a.WS.Results[idx]
		shares = append(shares, store.AwardShare{QuoteID: sh.QuoteID, SharePct: int(n)})
		parts = append(parts, scoring.Part{SharePct: int(n), ContractMinor: res.Contract.Value.Minor, TCOMinor: res.TCO.Minor,
			UnitsPerMonth: res.UnitsPerMonth})
	}
	if len(fe) == 0 && sum != 100 {
		fe["shares"] = "scoring.error.share_sum"
	}
	return shares, parts, fe
}

// apiSplit is a suggested split of the capacity.
type apiSplit struct {
	Shares      []store.AwardShare `json:"shares"`
	CostPerUnit apiMoney           `json:"cost_per_unit"`
}

// splitJSON reads the buyer's constraints from the query
// (max_vendor_pct 1–100, verified_fabric_only=1) and suggests the split;
// a malformed constraint is a field error, not a guess.
func splitJSON(r *http.Request, a *evaluation.Analysis) (map[string]any, error) {
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
	best, run := a.SuggestSplit(maxPct, verified)
	conv := func(s *scoring.Split) *apiSplit {
		if s == nil {
			return nil
		}
		out := &apiSplit{CostPerUnit: apiMoneyOf(tco.Money{Minor: int64(math.Round(s.CostPerUnit)), Currency: a.WS.Currency})}
		for _, sh := range s.Shares {
			out.Shares = append(out.Shares, store.AwardShare{QuoteID: sh.QuoteID, SharePct: sh.SharePct})
		}
		return out
	}
	return map[string]any{"max_vendor_pct": maxPct, "verified_fabric_only": verified, "suggested": conv(best), "runner_up": conv(run)}, nil
}
