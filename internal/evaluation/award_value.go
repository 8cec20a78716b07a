package evaluation

import (
	"errors"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/store"
)

// awardPlan is the approval plan shares need on this analysis, from
// their contract value. Shares that cannot be priced (a quote unpriced
// since, or proposed before it could be priced) are refused with
// value_unknown. A value that cannot be compared with the thresholds (no
// exchange rate for the rules' currency) needs one approver when no rule
// asks for more anywhere, and is refused with value_unknown otherwise:
// one signature cannot be shown to be enough.
func (a *Analysis) awardPlan(shares []store.AwardShare) (AwardFigures, approval.Plan, error) {
	one := approval.Plan{Required: 1, Order: approval.InParallel}
	fig, fe := a.AwardFigures(shares)
	loose := a.ApprovalRules == nil || !a.ApprovalRules.NeedsMoreThanOne()
	if fe != nil {
		// No signature on a value nobody can state: the contract would
		// freeze a made-up figure.
		return fig, one, &SigningRefusal{Code: CodeValueUnknown}
	}
	plan, err := a.approvalPlan(fig.Value.Decimal(), fig.Value.Currency)
	switch {
	case errors.Is(err, ErrNoRate) && loose:
		return fig, one, nil
	case errors.Is(err, ErrNoRate):
		return fig, one, &SigningRefusal{Code: CodeValueUnknown}
	}
	return fig, plan, err
}
