package model

import (
	"fmt"
	"math"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// contractBill is one bill with each line's match in words.
func contractBill(z *i18n.Localizer, b evaluation.Bill) views.BillView {
	money := func(m contract.Money) string { return z.Money(m.Decimal(), m.Currency) }
	cur := b.Match.Total.Currency
	v := views.BillView{ID: b.ID, PayCode: string(b.Match.ShouldBePaid), ShouldBePaid: z.T("contract.pay." + string(b.Match.ShouldBePaid)),
		Total: money(b.Match.Total), Disputed: money(b.Match.Disputed),
		Title: z.T("contract.bill_title", map[string]any{"ID": b.ID, "Format": z.T("contract.format." + b.Format), "By": b.Uploaded, "File": b.Filename})}
	for _, e := range b.Match.BillExceptions {
		v.Whole = append(v.Whole, contractException(z, e))
	}
	for _, l := range b.Lines {
		lv := views.BillLineView{Line: strconv.Itoa(l.Line), Description: l.Description, OK: l.Match == "ok",
			Quantity:  fmt.Sprintf("%s %s", z.Decimal(l.Quantity.String()), l.Unit),
			UnitPrice: z.Money(l.UnitPrice.String(), cur), Amount: z.Money(l.Amount.String(), cur)}
		for _, e := range l.Exceptions {
			lv.Exceptions = append(lv.Exceptions, contractException(z, e))
		}
		v.Lines = append(v.Lines, lv)
	}
	return v
}

func contractException(z *i18n.Localizer, e contract.Exception) string {
	return z.T("contract.exception."+string(e.Reason), map[string]any{"Amount": z.Money(e.Amount.Decimal(), e.Amount.Currency)})
}

// contractChart draws the commitment report: used and unused per month,
// and the cumulative use against the cumulative commitment, in the
// commitment's unit (the contract's currency without a commitment).
func contractChart(z *i18n.Localizer, c evaluation.Contract, rows []contract.CommitmentRow) (chart.CommitmentFigure, views.ChartText) {
	unit := c.Currency
	if c.Commitment != nil && c.Commitment.Unit != "" {
		unit = c.Commitment.Unit
	}
	f := func(m contract.Micros) float64 { return float64(m) / 1e6 }
	ch := chart.Commitment{Used: z.T("contract.chart.used"), Unused: z.T("contract.chart.unused"),
		CumUsed: z.T("contract.chart.cum_used"), CumCommitted: z.T("contract.chart.cum_committed")}
	var used, hi float64
	for _, r := range rows {
		used += f(r.Used)
		ch.Months = append(ch.Months, chart.CommitmentMonth{Label: r.Month.String()[:7], Used: f(r.Used), Unused: f(r.Unused),
			CumUsed: used, CumCommitted: f(r.CumulativeCommitted)})
		hi = max(hi, used, f(r.CumulativeCommitted))
	}
	digits := 0
	if hi > 0 {
		digits = min(6, max(0, int(math.Ceil(-math.Log10(hi/5)))))
	}
	ch.Format = func(y float64) string {
		if math.Abs(y) < 0.5*math.Pow10(-digits) {
			y = 0
		}
		return z.Decimal(strconv.FormatFloat(y, 'f', digits, 64))
	}
	return ch.Layout(), views.ChartText{Title: z.T("contract.chart.title", map[string]any{"Unit": unit}), Desc: z.T("contract.chart.desc")}
}

// contractPerUnit writes a cost per useful unit, or a dash when there is
// none (no units entered, or no quoted figure in the contract's currency).
func contractPerUnit(z *i18n.Localizer, m contract.Micros) string {
	if m == 0 {
		return "—"
	}
	return z.Decimal(m.String())
}

// contractEvidence is where an outage read from an upload links: the
// quote's benchmarks page at that upload; "" for an outage entered by hand.
func contractEvidence(quoteID, uploadID int64) string {
	if uploadID == 0 {
		return ""
	}
	return fmt.Sprintf("/quotes/%d/benchmarks#benchmark-%d", quoteID, uploadID)
}
