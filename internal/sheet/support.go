package sheet

import (
	"strconv"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// Defined names of the market support plan's figures on the Assumptions
// sheet: its monthly minimum, and each tier's upper bound and share.
const nSupportMin = "Support_minimum"

func supportTierName(i int, what string) string {
	return "Support_tier" + strconv.Itoa(i+1) + "_" + what
}

// supportPlanRows put the tiered support plan on the Assumptions sheet, so
// a buyer sees (and may change) the formula an unstated support price is
// assumed with.
func supportPlanRows(p tco.SupportPlan) []assumptionRow {
	if len(p.Tiers) == 0 {
		return nil
	}
	fixed := func(v float64, unit, cur string) tco.Assumption {
		return tco.Assumption{Value: v, Unit: unit, Currency: cur, Source: p.Name}
	}
	rows := []assumptionRow{{nSupportMin, "Support when a quote states none: monthly minimum", fixed(p.Minimum, p.Currency+"/month", p.Currency), number}}
	from := 0.0
	for i, t := range p.Tiers {
		band := "from " + strconv.FormatFloat(from, 'f', -1, 64)
		if t.UpTo > 0 {
			rows = append(rows, assumptionRow{supportTierName(i, "up_to"), "Support tier " + strconv.Itoa(i+1) + ": upper bound of the monthly compute bill",
				fixed(t.UpTo, p.Currency, p.Currency), number})
			band += " to " + strconv.FormatFloat(t.UpTo, 'f', -1, 64)
		}
		rows = append(rows, assumptionRow{supportTierName(i, "share"), "Support tier " + strconv.Itoa(i+1) + ": share of the bill " + band + " " + p.Currency,
			fixed(t.Share, "share", ""), share})
		from = t.UpTo
	}
	return rows
}

// supportPlanFormula is tco's SupportPlan.amount as a formula over the
// plan's names, term by term in the same order: the greater of the
// minimum or the tiered shares of bill (major units of the evaluation
// currency), the bounds converted with fx.
func supportPlanFormula(p tco.SupportPlan, bill, fx string) string {
	f, from := "", "0"
	for i, t := range p.Tiers {
		if i > 0 {
			f += "+"
		}
		above := "MAX(" + bill + "-" + from + "*" + fx + ",0)"
		if t.UpTo == 0 {
			f += supportTierName(i, "share") + "*" + above
			break
		}
		upTo := supportTierName(i, "up_to")
		f += supportTierName(i, "share") + "*MIN(" + above + ",(" + upTo + "-" + from + ")*" + fx + ")"
		from = upTo
	}
	return "MAX(" + nSupportMin + "*" + fx + "," + f + ")"
}
