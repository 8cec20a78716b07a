package evaluation

import (
	"github.com/gpuquote/gpuquote/internal/store"
)

// Refusal keys of an approval the approval rules keep from one signature.
const (
	NeedsMoreApproversKey = "decision.error.needs_more_approvers"
	needsRoleKey          = "decision.error.needs_role"
	valueUnknownKey       = "decision.error.value_unknown"
)

// NeedsMoreApprovers is why quoteID cannot be approved with one signature
// (nil: one approver suffices): the approval rules in force need more
// approvers for its contract value, which is the value an award of the
// quote alone would carry (RecordAward), so approving the quote directly
// cannot bypass a threshold; the award collects the signatures. A quote
// the analysis cannot price is refused whatever the rules (its value is
// unknown); when the rules ask for several approvers somewhere and the
// value cannot be compared with them (no exchange rate to the rules'
// currency), the approval is refused too: one signature cannot be shown
// to be enough.
func (a *Analysis) NeedsMoreApprovers(quoteID int64) (*Refusal, error) {
	unknown := &Refusal{Kind: "conflict", Key: valueUnknownKey}
	fig, fe := a.AwardFigures([]store.AwardShare{{QuoteID: quoteID, SharePct: 100}})
	if len(fe) > 0 {
		// Nobody signs a value nobody can state, whatever the rules.
		return unknown, nil
	}
	rules := a.ApprovalRules // read with the analysis: no query per quote on a page
	if rules == nil || !rules.NeedsMoreThanOne() {
		return nil, nil
	}
	value := fig.Value
	v, ok, err := a.inRulesCurrency(*rules, value.Decimal(), value.Currency)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return unknown, nil
	}
	t, above := rules.TierFor(v)
	switch {
	case !above || (t.Approvers <= 1 && len(t.Roles) == 0):
		return nil, nil
	case t.Approvers <= 1:
		// One signer, but of a named role (e.g. finance): the award checks
		// the signer's role, the direct approval does not.
		return &Refusal{Kind: "conflict", Key: needsRoleKey, Data: map[string]any{"Role": "role." + t.Roles[0],
			"Value": value.Decimal(), "Currency": value.Currency, "Threshold": t.Above, "RulesCurrency": rules.Currency}}, nil
	}
	return &Refusal{Kind: "conflict", Key: NeedsMoreApproversKey, Data: map[string]any{"Approvers": t.Approvers,
		"Value": value.Decimal(), "Currency": value.Currency, "Threshold": t.Above, "RulesCurrency": rules.Currency}}, nil
}
