package scoring

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// MaxApprovers bounds a tier: more signatures than this is a process, not
// a rule.
const MaxApprovers = 3

// Tier says how many approvers an award needs whose contract value is
// above Above (an exact decimal in the rules' currency).
type Tier struct {
	Above     string `json:"above"`
	Approvers int    `json:"approvers"`
	// Order is approval.InParallel (the default) or approval.InOrder.
	Order string `json:"order,omitempty"`
	// Roles, when given, names the role of each approver in turn (one
	// per approver), e.g. ["manager", "finance"].
	Roles []string `json:"roles,omitempty"`
}

// ApprovalRules are the organisation's approval thresholds: tiers in
// ascending order of Above; a value at or below the first tier's Above
// needs one approver.
type ApprovalRules struct {
	Currency string `json:"currency"`
	Tiers    []Tier `json:"tiers"`
}

var currencyCode = regexp.MustCompile(`^[A-Z]{3}$`)

// Check names every problem of the rules by field, as i18n keys.
func (r ApprovalRules) Check() map[string]string {
	errs := map[string]string{}
	if !currencyCode.MatchString(r.Currency) {
		errs["currency"] = "scoring.error.currency"
	}
	if len(r.Tiers) == 0 || len(r.Tiers) > 10 {
		errs["tiers"] = "scoring.error.tiers"
	}
	var prev *quote.Decimal
	for i, t := range r.Tiers {
		d, err := quote.ParseDecimal(t.Above)
		switch {
		case err != nil || d.Micros() < 0:
			errs[fmt.Sprintf("tiers[%d].above", i)] = "scoring.error.tier_above"
		case prev != nil && d.Cmp(*prev) <= 0:
			errs[fmt.Sprintf("tiers[%d].above", i)] = "scoring.error.tier_order"
		}
		if t.Approvers < 1 || t.Approvers > MaxApprovers {
			errs[fmt.Sprintf("tiers[%d].approvers", i)] = "scoring.error.tier_approvers"
		}
		if t.Order != "" && t.Order != approval.InOrder && t.Order != approval.InParallel {
			errs[fmt.Sprintf("tiers[%d].order", i)] = "scoring.error.tier_order_kind"
		}
		if len(t.Roles) > 0 && (len(t.Roles) != t.Approvers || slices.ContainsFunc(t.Roles, func(r string) bool {
			return !auth.Role(r).Can(auth.ApproveAward)
		})) {
			errs[fmt.Sprintf("tiers[%d].roles", i)] = "scoring.error.tier_roles"
		}
		prev = &d
	}
	return errs
}

// Plan is the approval a contract value needs: the approvers, order and
// roles of the highest tier it is strictly above, else one approver.
func (r ApprovalRules) Plan(value quote.Decimal) approval.Plan {
	t, ok := r.TierFor(value)
	if !ok {
		return approval.Plan{Required: 1, Order: approval.InParallel}
	}
	p := approval.Plan{Required: t.Approvers, Order: t.Order, Roles: t.Roles}
	if p.Order == "" {
		p.Order = approval.InParallel
	}
	return p
}

// TierFor is the highest tier a contract value is strictly above (false:
// none, one approver), so a refusal can name the threshold it crossed.
func (r ApprovalRules) TierFor(value quote.Decimal) (Tier, bool) {
	var found Tier
	ok := false
	for _, t := range r.Tiers {
		if d, err := quote.ParseDecimal(t.Above); err == nil && value.Cmp(d) > 0 {
			found, ok = t, true
		}
	}
	return found, ok
}

// NeedsMoreThanOne is true when some tier asks for more than one approver
// or names the role that must sign: signatures only an award collects.
func (r ApprovalRules) NeedsMoreThanOne() bool {
	return slices.ContainsFunc(r.Tiers, func(t Tier) bool { return t.Approvers > 1 || len(t.Roles) > 0 })
}

// Required is how many approvers a contract value (an exact decimal in
// the rules' currency) needs: the approvers of the highest tier it is
// strictly above, else one.
func (r ApprovalRules) Required(value quote.Decimal) int { return r.Plan(value).Required }
