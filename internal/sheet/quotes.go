package sheet

import (
	"fmt"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// Keys of the quote-input rows on the Assumptions sheet.
const (
	qID         = "id"
	qLabel      = "label"
	qModel      = "rental_model"
	qGPUModel   = "gpu_model"
	qPerNode    = "gpus_per_node"
	qNodes      = "nodes"
	qGPUs       = "gpus"
	qCurrency   = "currency"
	qFX         = "fx"
	qRate       = tco.TermRate
	qRateEval   = "rate_eval"
	qOnDemand   = tco.TermOnDemandRate
	qUnit       = tco.TermBillingUnit
	qUnitHours  = "unit_hours"
	qMinTerm    = tco.TermMinTerm
	qStorage    = tco.TermStorage
	qEgress     = tco.TermEgress
	qSupport    = tco.TermSupport
	qMinSpend   = tco.TermMinSpend
	qUpfront    = tco.TermUpfront
	qSpeed      = "throughput"
	qSpeedFrom  = "throughput_source"
	qSpeedLow   = "throughput_low"
	qIncomplete = "incomplete"
	qMissing    = "missing"
)

var quoteInputLabels = []struct{ key, label string }{
	{qID, "Quote ID"},
	{qLabel, "Quote"},
	{qModel, "Rental model"},
	{qGPUModel, "GPU model"},
	{qPerNode, "GPUs per node"},
	{qNodes, "Nodes"},
	{qGPUs, "GPUs"},
	{qCurrency, "Quote currency"},
	{qFX, "FX rate into the evaluation currency"},
	{qRate, "Price per GPU-hour (quote currency)"},
	{qRateEval, "Price per GPU-hour (evaluation currency; for comparison only)"},
	{qOnDemand, "On-demand price per GPU-hour for burst beyond a reservation (quote currency)"},
	{qUnit, "Billing unit"},
	{qUnitHours, "Billing unit length (h)"},
	{qMinTerm, "Minimum term (months)"},
	{qStorage, "Storage price per TB-month (quote currency)"},
	{qEgress, "Egress price per GB (quote currency)"},
	{qSupport, "Support per month (quote currency)"},
	{qMinSpend, "Minimum spend over the term (quote currency)"},
	{qUpfront, "Upfront payment (quote currency)"},
	{qSpeed, "Relative throughput (multiplies useful GPU-hours)"},
	{qSpeedFrom, "Relative throughput: where it came from"},
	{qSpeedLow, "Relative throughput at the high end of the range (an unknown fabric's slow end)"},
	{qIncomplete, "Incomplete"},
	{qMissing, "Missing terms, and what is assumed instead"},
}

// quoteInputs lays out every quote's inputs from row top, one column per
// quote (the same column as on the Worksheet sheet). A term the vendor
// did not state, or refused, shows its status instead of a number; the
// workings then use the labelled assumption. It returns the row of each
// input key.
func quoteInputs(l *layout, top int, quotes []tco.Quote, ws tco.Worksheet, a *tco.Assumptions) map[string]int {
	g := l.fixed
	rows := map[string]int{}
	g.set(colLabel, top, val("Quote inputs (one column per quote)", bold))
	for i, lb := range quoteInputLabels {
		rows[lb.key] = top + 1 + i
		g.set(colLabel, top+1+i, val(lb.label, plain))
	}
	each := func(key string, f func(q tco.Quote, i int, ref func(key string) string) cell) {
		l.at(rows[key], func(i, col int) (cell, bool) {
			return f(quotes[i], i, func(key string) string { return cellName(col, rows[key]) }), true
		})
	}
	// term writes a stated term's value, or its status.
	term := func(key string, t func(q tco.Quote) (known bool, st tco.Status, v float64)) {
		each(key, func(q tco.Quote, _ int, _ func(string) string) cell {
			known, st, v := t(q)
			if known {
				return val(v, number)
			}
			return val(termStatus(st), status)
		})
	}
	each(qID, func(q tco.Quote, _ int, _ func(string) string) cell { return val(q.ID, bold) })
	each(qLabel, func(q tco.Quote, _ int, _ func(string) string) cell { return val(q.Label, wrapText) })
	each(qModel, func(q tco.Quote, _ int, _ func(string) string) cell { return val(rentalName(q.RentalModel), plain) })
	each(qGPUModel, func(q tco.Quote, _ int, _ func(string) string) cell { return val(q.GPUModel, plain) })
	each(qPerNode, func(q tco.Quote, _ int, _ func(string) string) cell { return val(float64(q.GPUsPerNode), number) })
	each(qNodes, func(q tco.Quote, _ int, _ func(string) string) cell { return val(float64(q.Nodes), number) })
	each(qGPUs, func(_ tco.Quote, _ int, ref func(string) string) cell {
		return fm(ref(qPerNode)+"*"+ref(qNodes), number)
	})
	each(qCurrency, func(q tco.Quote, _ int, _ func(string) string) cell { return val(q.Currency, plain) })
	each(qFX, func(q tco.Quote, _ int, _ func(string) string) cell {
		_, hasFX := a.FX[q.Currency]
		switch {
		case q.Currency == a.Currency:
			return val(1.0, number)
		case hasFX:
			return fm(fxName(q.Currency), number)
		default:
			// Possible only when no price of the quote is in its currency
			// (every one missing), so nothing is converted with it.
			return val("no FX rate", status)
		}
	})
	term(qRate, func(q tco.Quote) (bool, tco.Status, float64) {
		return q.RatePerGPUHour.Known, q.RatePerGPUHour.Status, q.RatePerGPUHour.Value
	})
	each(qRateEval, func(q tco.Quote, _ int, ref func(string) string) cell {
		_, hasFX := a.FX[q.Currency]
		switch {
		case q.RatePerGPUHour.Known && (hasFX || q.Currency == a.Currency):
			return fm(ref(qRate)+"*"+ref(qFX), number)
		case q.RatePerGPUHour.Known:
			return val("no FX rate", status)
		default:
			return val("market reference (see Worksheet)", status)
		}
	})
	term(qOnDemand, func(q tco.Quote) (bool, tco.Status, float64) {
		return q.OnDemandRate.Known, q.OnDemandRate.Status, q.OnDemandRate.Value
	})
	each(qUnit, func(q tco.Quote, _ int, _ func(string) string) cell {
		if q.BillingUnit.Known {
			return val(string(q.BillingUnit.Value), plain)
		}
		return val(termStatus(q.BillingUnit.Status), status)
	})
	l.at(rows[qUnitHours], func(i, col int) (cell, bool) {
		if !quotes[i].BillingUnit.Known {
			return cell{}, false
		}
		// Live, so a buyer who corrects the unit sees the rounding move.
		u := cellName(col, rows[qUnit])
		return fm(fmt.Sprintf(`IF(%s="second",1/3600,IF(%s="minute",1/60,IF(%s="hour",1,0)))`, u, u, u), number), true
	})
	term(qMinTerm, func(q tco.Quote) (bool, tco.Status, float64) {
		return q.MinTermMonths.Known, q.MinTermMonths.Status, float64(q.MinTermMonths.Value)
	})
	term(qStorage, func(q tco.Quote) (bool, tco.Status, float64) {
		return q.StoragePerTBMonth.Known, q.StoragePerTBMonth.Status, q.StoragePerTBMonth.Value
	})
	term(qEgress, func(q tco.Quote) (bool, tco.Status, float64) {
		return q.EgressPerGB.Known, q.EgressPerGB.Status, q.EgressPerGB.Value
	})
	term(qSupport, func(q tco.Quote) (bool, tco.Status, float64) {
		return q.SupportPerMonth.Known, q.SupportPerMonth.Status, q.SupportPerMonth.Value
	})
	term(qMinSpend, func(q tco.Quote) (bool, tco.Status, float64) {
		return q.MinSpend.Known, q.MinSpend.Status, q.MinSpend.Value
	})
	term(qUpfront, func(q tco.Quote) (bool, tco.Status, float64) {
		return q.Upfront.Known, q.Upfront.Status, q.Upfront.Value
	})
	each(qSpeed, func(q tco.Quote, _ int, _ func(string) string) cell { return val(q.Speed.Value(), number) })
	each(qSpeedFrom, func(q tco.Quote, _ int, _ func(string) string) cell { return val(speedText(q.Speed), wrapText) })
	each(qSpeedLow, func(q tco.Quote, _ int, _ func(string) string) cell { return val(q.Speed.LowValue(), number) })
	each(qIncomplete, func(_ tco.Quote, i int, _ func(string) string) cell {
		return val(yesNo(ws.Results[i].Incomplete), plain)
	})
	each(qMissing, func(_ tco.Quote, i int, _ func(string) string) cell {
		return val(missingText(ws.Results[i].Missing), wrapText)
	})
	return rows
}

// termStatus spells a missing term's status; an empty status on an
// unknown term means not stated (tco's zero Term).
func termStatus(st tco.Status) string {
	if st == "" {
		st = tco.StatusNotStated
	}
	return statusText(st)
}

// quoteCol is quote i's column on both sheets: B, C, …
func quoteCol(i int) int { return 2 + i }

// speedText is a relative throughput's source and basis, in English like
// the rest of the workbook's labels.
func speedText(s tco.Speed) string {
	if s.Source == "" {
		return "not adjusted: as fast as the brief's hardware"
	}
	out := s.Source
	for _, b := range s.Basis {
		out += "; " + b.English()
	}
	return out
}
