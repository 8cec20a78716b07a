package scoring

import (
	"fmt"
	"regexp"

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
		prev = &d
	}
	return errs
}

// Required is how many approvers a contract value (an exact decimal in
// the rules' currency) needs: the approvers of the highest tier it is
// strictly above, else one.
func (r ApprovalRules) Required(value quote.Decimal) int {
	n := 1
	for _, t := range r.Tiers {
		if d, err := quote.ParseDecimal(t.Above); err == nil && value.Cmp(d) > 0 {
			n = t.Approvers
		}
	}
	return n
}
