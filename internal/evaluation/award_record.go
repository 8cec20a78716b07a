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
}

// RecordAward records an award to approve: one quote at 100 % or a split
// of the brief's capacity across priced quotes, the shares summing to 100,
// with the combined contract value and cost per useful unit from the
// analysis, and the approval plan (approvers, order, roles) the approval
// rules in force give its value. The page and the API both call it.
func (s *Service) RecordAward(ctx context.Context, by store.User, evaluationID int64, shares []store.AwardShare, reason string) (RecordedAward, error) {
	a, err := s.Analyze(ctx, evaluationID)
	if err != nil {
		return RecordedAward{}, err
	}
	fig, fe := a.AwardFigures(shares)
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
	value, cpu := fig.Value, fig.CostPerUnit
	plan, err := a.approvalPlan(value.Decimal(), cur)
	if err != nil {
		return RecordedAward{}, err
	}
	rec, err := s.store.RecordAward(ctx, by.Actor(), store.NewAward{EvaluationID: evaluationID, Shares: shares,
		Reason: reason, Currency: cur, ContractValue: value.Decimal(), CostPerUnit: cpu.Decimal(),
		RequiredApprovers: plan.Required, ApprovalOrder: plan.Order, ApproverRoles: plan.Roles})
	return RecordedAward{Award: rec, Value: value, CostPerUnit: cpu, Unit: a.WS.UnitName}, err
}

// awardParts checks the shares against the analysis: each a priced quote
// of the evaluation, once, with a whole 1–100 %, summing to 100.
func (a *Analysis) awardParts(in []store.AwardShare) ([]scoring.Part, FieldErrors) {
	fe := FieldErrors{}
	if len(in) == 0 || len(in) > maxAwardShares {
		fe["shares"] = "scoring.error.shares_count"
		return nil, fe
	}
	var parts []scoring.Part
	seen := map[int64]bool{}
	sum := 0
	for i, sh := range in {
		field := fmt.Sprintf("shares[%d]", i)
		if sh.SharePct < 1 || sh.SharePct > 100 {
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
		sum += sh.SharePct
		parts = append(parts, scoring.Part{SharePct: sh.SharePct, Offer: a.offer(idx)})
	}
	if len(fe) == 0 && sum != 100 {
		fe["shares"] = "scoring.error.share_sum"
	}
	return parts, fe
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
