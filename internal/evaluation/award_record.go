package evaluation

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// maxAwardShares bounds the work of one award request.
const maxAwardShares = 20

// FieldErrors names refused input by field, as message keys.
type FieldErrors map[string]string

func (FieldErrors) Error() string { return "evaluation: invalid input" }

// RecordedAward is an award as recorded, with its combined figures.
type RecordedAward struct {
	store.Award
	Value, CostPerUnit tco.Money
	Unit               string
	// Priced is false for a proposal naming a quote the analysis cannot
	// price yet: Value and CostPerUnit are then unknown, not zero.
	Priced bool
}

// RecordAward records an award to approve: one quote at 100 % or a split
// of the brief's capacity across the evaluation's quotes, the shares summing to 100,
// with the combined contract value and cost per useful unit from the
// analysis, and the approval plan (approvers, order, roles) the approval
// rules in force give its value. A quote the analysis cannot price yet
// (no exchange rate for its currency) may be proposed: the award is
// recorded with its value unknown, and no one can sign it until every
// share is priced (value_unknown). The page and the API both call it.
func (s *Service) RecordAward(ctx context.Context, by store.User, evaluationID int64, shares []store.AwardShare, reason string) (RecordedAward, error) {
	a, err := s.Analyze(ctx, evaluationID)
	if err != nil {
		return RecordedAward{}, err
	}
	fig, fe := a.AwardFigures(shares)
	_, unpriced, shareErrs := a.checkShares(shares)
	unknown := len(shareErrs) == 0 && len(unpriced) > 0
	if unknown {
		// A proposal may name a quote the analysis cannot price yet; its
		// value is unknown and it cannot be signed until it is priced.
		fe = nil
	}
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > 2000 {
		if fe == nil {
			fe = FieldErrors{}
		}
		fe["reason"] = "form.error.required"
	}
	if len(fe) > 0 {
		return RecordedAward{}, fe
	}
	cur := a.WS.Currency
	na := store.NewAward{EvaluationID: evaluationID, Shares: shares, Reason: reason, Currency: cur}
	value, cpu := fig.Value, fig.CostPerUnit
	if !unknown {
		plan, err := a.approvalPlan(value.Decimal(), cur)
		if err != nil {
			return RecordedAward{}, err
		}
		na.ContractValue, na.CostPerUnit = value.Decimal(), cpu.Decimal()
		na.RequiredApprovers, na.ApprovalOrder, na.ApproverRoles = plan.Required, plan.Order, plan.Roles
	}
	rec, err := s.store.RecordAward(ctx, by.Actor(), na)
	return RecordedAward{Award: rec, Value: value, CostPerUnit: cpu, Unit: a.WS.UnitName, Priced: !unknown}, err
}

// awardParts checks the shares against the analysis: each a priced quote
// of the evaluation, once, with a whole 1–100 %, summing to 100.
func (a *Analysis) awardParts(in []store.AwardShare) ([]scoring.Part, FieldErrors) {
	parts, unpriced, fe := a.checkShares(in)
	for _, i := range unpriced {
		fe[fmt.Sprintf("shares[%d].quote_id", i)] = "scoring.error.quote_not_priced"
	}
	return parts, fe
}

// checkShares checks the shares as awardParts does, except that a quote
// of the evaluation the analysis cannot price (no exchange rate, or a
// cost the model refuses) is not an error: its index is in unpriced, and
// the sum is checked over every share.
func (a *Analysis) checkShares(in []store.AwardShare) (parts []scoring.Part, unpriced []int, fe FieldErrors) {
	fe = FieldErrors{}
	if len(in) == 0 || len(in) > maxAwardShares {
		fe["shares"] = "scoring.error.shares_count"
		return nil, nil, fe
	}
	seen := map[int64]bool{}
	sum := 0
	for i, sh := range in {
		field := fmt.Sprintf("shares[%d]", i)
		if sh.SharePct < 1 || sh.SharePct > 100 {
			fe[field+".share_pct"] = "scoring.error.share_range"
			continue
		}
		_, idx, priced := a.Quote(sh.QuoteID)
		_, leftOut := a.WhyUnpriced(sh.QuoteID)
		switch {
		case !priced && !leftOut:
			fe[field+".quote_id"] = "scoring.error.quote_not_priced"
			continue
		case seen[sh.QuoteID]:
			fe[field+".quote_id"] = "scoring.error.duplicate_quote"
			continue
		}
		seen[sh.QuoteID] = true
		sum += sh.SharePct
		if !priced {
			unpriced = append(unpriced, i)
			continue
		}
		parts = append(parts, scoring.Part{SharePct: sh.SharePct, Offer: a.offer(idx)})
	}
	if len(fe) == 0 && sum != 100 {
		fe["shares"] = "scoring.error.share_sum"
	}
	return parts, unpriced, fe
}

// ErrNoRate refuses to decide the approvers of an award whose currency
// cannot be compared with the thresholds.
var ErrNoRate = FieldErrors{"shares": "scoring.error.no_rate"}

// ApprovalRules are the rules in force (none set: nil), for a page that
// shows them without an analysis.
func (s *Service) ApprovalRules(ctx context.Context) (*scoring.ApprovalRules, error) {
	raw, err := s.store.Setting(ctx, store.SettingApprovalRules)
	if err != nil {
		return nil, err
	}
	return parseApprovalRules(raw)
}

// parseApprovalRules reads the stored setting ("": none set, nil).
func parseApprovalRules(raw string) (*scoring.ApprovalRules, error) {
	if raw == "" {
		return nil, nil
	}
	var rules scoring.ApprovalRules
	if err := json.Unmarshal([]byte(raw), &rules); err != nil {
		return nil, fmt.Errorf("approval rules: %w", err)
	}
	return &rules, nil
}

// approvalPlan is the approval an award of value (an exact decimal in
// cur) needs under the rules the analysis read.
func (a *Analysis) approvalPlan(value, cur string) (approval.Plan, error) {
	one := approval.Plan{Required: 1, Order: approval.InParallel}
	rules := a.ApprovalRules
	if rules == nil {
		return one, nil
	}
	v, ok, err := a.inRulesCurrency(*rules, value, cur)
	switch {
	case err != nil:
		return one, err
	case !ok:
		return one, ErrNoRate
	}
	return rules.Plan(v), nil
}

// inRulesCurrency is value (an exact decimal in cur) in the rules'
// currency, converted with the admin's rates for the comparison only
// (false: a currency without a rate).
func (a *Analysis) inRulesCurrency(rules scoring.ApprovalRules, value, cur string) (quote.Decimal, bool, error) {
	v, err := quote.ParseDecimal(value)
	if err != nil || cur == rules.Currency {
		return v, err == nil, err
	}
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
		return v, false, nil
	}
	v, err = quote.ParseDecimal(fmt.Sprintf("%.2f", v.Float64()*from/to))
	return v, err == nil, err
}
