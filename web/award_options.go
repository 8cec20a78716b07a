package web

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/web/views"
)

// maxAwardOptions bounds the award form's rows (evaluation.AwardFormRows).
const maxAwardOptions = 100

// awardOptions are the award form's rows, prefilled with the suggested
// split best or with what was typed; only these rows are formatted.
func awardOptions(z *i18n.Localizer, st *evaluation.Analysis, best *scoring.Split, af *awardForm) []views.AwardOption {
	suggested := map[int64]int{}
	if best != nil {
		for _, sh := range best.Shares {
			suggested[sh.QuoteID] = sh.SharePct
		}
	}
	pinned := func(id int64) bool {
		return suggested[id] > 0 || af != nil && (af.shares[id] != "" || af.errors[id] != "")
	}
	var out []views.AwardOption
	for _, i := range st.AwardFormRows(maxAwardOptions, pinned) {
		sq, res := st.Quotes[i], st.WS.Results[i]
		o := views.AwardOption{QuoteID: sq.ID, Provider: sq.ProviderName, Rental: z.T("quote.term.rental_model." + string(res.RentalModel)),
			CostPerUnit: money(z, res.CostPerUnit)}
		if n := suggested[sq.ID]; n > 0 {
			o.Share = strconv.Itoa(n)
		}
		if af != nil {
			o.Share, o.Error = af.shares[sq.ID], af.errors[sq.ID]
		}
		out = append(out, o)
	}
	return out
}
