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
func quoteInputs(g *grid, top int, quotes []tco.Quote, ws tco.Worksheet, a *tco.Assumptions) map[string]int {
	rows := map[string]int{}
	g.set(colLabel, top, val("Quote inputs (one column per quote)", bold))
	for i, l := range quoteInputLabels {
		rows[l.key] = top + 1 + i
		g.set(colLabel, top+1+i, val(l.label, plain))
	}
	for i, q := range quotes {
		col := quoteCol(i)
		r := ws.Results[i]
		row := func(key string) int { return rows[key] }
		ref := func(key string) string { return cellName(col, rows[key]) }
		g.set(col, row(qID), val(q.ID, bold))
		g.set(col, row(qLabel), val(q.Label, wrapText))
		g.set(col, row(qModel), val(rentalName(q.RentalModel), plain))
		g.set(col, row(qGPUModel), val(q.GPUModel, plain))
		g.set(col, row(qPerNode), val(float64(q.GPUsPerNode), number))
		g.set(col, row(qNodes), val(float64(q.Nodes), number))
		g.set(col, row(qGPUs), fm(ref(qPerNode)+"*"+ref(qNodes), number))
		g.set(col, row(qCurrency), val(q.Currency, plain))
		_, hasFX := a.FX[q.Currency]
		switch {
		case q.Currency == a.Currency:
			g.set(col, row(qFX), val(1.0, number))
		case hasFX:
			g.set(col, row(qFX), fm(fxName(q.Currency), number))
		default:
			// Possible only when no price of the quote is in its currency
			// (every one missing), so nothing is converted with it.
			g.set(col, row(qFX), val("no FX rate", status))
		}
		setTerm(g, col, row(qRate), q.RatePerGPUHour.Known, q.RatePerGPUHour.Status, q.RatePerGPUHour.Value, number)
		if q.RatePerGPUHour.Known && (hasFX || q.Currency == a.Currency) {
			g.set(col, row(qRateEval), fm(ref(qRate)+"*"+ref(qFX), number))
		} else if q.RatePerGPUHour.Known {
			g.set(col, row(qRateEval), val("no FX rate", status))
		} else {
			g.set(col, row(qRateEval), val("market reference (see Worksheet)", status))
		}
		setTerm(g, col, row(qOnDemand), q.OnDemandRate.Known, q.OnDemandRate.Status, q.OnDemandRate.Value, number)
		if q.BillingUnit.Known {
			g.set(col, row(qUnit), val(string(q.BillingUnit.Value), plain))
			// Live, so a buyer who corrects the unit sees the rounding move.
			u := ref(qUnit)
			g.set(col, row(qUnitHours), fm(fmt.Sprintf(`IF(%s="second",1/3600,IF(%s="minute",1/60,IF(%s="hour",1,0)))`, u, u, u), number))
		} else {
			g.set(col, row(qUnit), val(termStatus(q.BillingUnit.Status), status))
		}
		setTerm(g, col, row(qMinTerm), q.MinTermMonths.Known, q.MinTermMonths.Status, float64(q.MinTermMonths.Value), number)
		setTerm(g, col, row(qStorage), q.StoragePerTBMonth.Known, q.StoragePerTBMonth.Status, q.StoragePerTBMonth.Value, number)
		setTerm(g, col, row(qEgress), q.EgressPerGB.Known, q.EgressPerGB.Status, q.EgressPerGB.Value, number)
		setTerm(g, col, row(qSupport), q.SupportPerMonth.Known, q.SupportPerMonth.Status, q.SupportPerMonth.Value, number)
		setTerm(g, col, row(qMinSpend), q.MinSpend.Known, q.MinSpend.Status, q.MinSpend.Value, number)
		setTerm(g, col, row(qUpfront), q.Upfront.Known, q.Upfront.Status, q.Upfront.Value, number)
		g.set(col, row(qSpeed), val(q.Speed.Value(), number))
		g.set(col, row(qSpeedFrom), val(speedText(q.Speed), wrapText))
		g.set(col, row(qSpeedLow), val(q.Speed.LowValue(), number))
		g.set(col, row(qIncomplete), val(yesNo(r.Incomplete), plain))
		g.set(col, row(qMissing), val(missingText(r.Missing), wrapText))
	}
	return rows
}

// setTerm writes a stated term's value, or its status.
func setTerm(g *grid, col, row int, known bool, st tco.Status, v float64, s style) {
	if known {
		g.set(col, row, val(v, s))
		return
	}
	g.set(col, row, val(termStatus(st), status))
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
