package web

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// contractView turns a contract's page into words and formatted figures.
func contractView(z *i18n.Localizer, d evaluation.ContractDetail, canEdit bool) views.ContractView {
	c := d.Contract
	date := func(x contract.Date) string { return z.Date(x.Start(time.UTC)) }
	money := func(m contract.Money) string { return z.Money(m.Decimal(), m.Currency) }
	m := views.ContractView{ID: c.ID, Vendor: c.Vendor, VendorID: c.VendorID, StateCode: string(c.State),
		State: z.T("contract.state." + string(c.State)), Version: c.Version, QuoteID: c.QuoteID,
		FromQuote: z.T("contract.from_quote", map[string]any{"Quote": c.QuoteID, "Revision": c.QuoteRevision}), CanEdit: canEdit,
		Form: views.ContractForm{StartDate: c.StartDate.String(), TermMonths: strconv.Itoa(c.TermMonths), NoticeDays: strconv.Itoa(c.NoticeDays)}}
	m.Dates = []views.Fact{
		{Label: z.T("contract.start"), Value: date(c.StartDate)},
		{Label: z.T("contract.term_months"), Value: z.Int(int64(c.TermMonths))},
		{Label: z.T("contract.end"), Value: date(c.EndDate)},
		{Label: z.T("contract.notice_days"), Value: z.Int(int64(c.NoticeDays))},
		{Label: z.T("contract.cancel_by"), Value: date(c.CancelBy)},
		{Label: z.T("contract.auto_renew"), Value: autoRenewText(z, c.AutoRenew)},
		{Label: z.T("contract.final_end"), Value: date(c.FinalEnd)},
	}
	if c.State == contract.Draft {
		m.Alerts = append(m.Alerts, z.T("contract.alert.draft"))
	}
	for _, a := range d.Alerts {
		m.Alerts = append(m.Alerts, z.T("contract.alert."+string(a.Kind), map[string]any{"Date": date(a.Target), "Days": a.Offset}))
	}
	m.Alerts = append(m.Alerts, claimAlertLines(z, d.ClaimAlerts)...)
	for _, a := range d.Attestations {
		key := "contract.alert.attestation_ends"
		if a.Ended {
			key = "contract.alert.attestation_ended"
		}
		m.Alerts = append(m.Alerts, z.T(key, map[string]any{"Attestation": requirementLabel(z, a.Requirement), "Date": date(a.Ends)}))
	}
	m.Terms = termFacts(z, c)
	for _, v := range d.Versions {
		m.Versions = append(m.Versions, views.VersionRow{Version: strconv.Itoa(v.Version), Reason: v.Reason, Author: v.AuthorName, At: z.DateTime(v.CreatedAt)})
	}
	for _, b := range d.Bills {
		m.Bills = append(m.Bills, billView(z, b))
	}
	for _, r := range d.Commitment {
		m.Commitment = append(m.Commitment, views.CommitmentRowView{Month: date(r.Month), Committed: z.Decimal(r.Committed.String()),
			Used: z.Decimal(r.Used.String()), Unused: z.Decimal(r.Unused.String()), Utilisation: z.Decimal(r.UtilisationPct.String()) + " %",
			Shortfall: money(r.Shortfall), Cost: money(r.Cost), EffectiveRate: z.Decimal(r.EffectiveRate.String()), Cumulative: money(r.CumulativeCost),
			PerUseful: perUnit(z, r.CostPerUsefulUnit), QuotedPerUseful: perUnit(z, r.QuotedPerUseful)})
	}
	m.CommitmentChart, m.CommitmentText = commitmentChart(z, c, d.Commitment)
	for _, cl := range d.Credits {
		m.Credits = append(m.Credits, views.CreditView{Month: date(cl.Month), Availability: z.Decimal(cl.Availability.String()) + " %",
			Credit: z.Decimal(cl.CreditPct.String()) + " %", Amount: money(cl.Amount), Deadline: date(cl.Deadline),
			Status: z.T("contract.claim." + cl.Status)})
	}
	for _, o := range d.Outages {
		m.Outages = append(m.Outages, views.OutageView{Start: z.DateTime(o.Start), End: z.DateTime(o.End), Nodes: strconv.Itoa(o.Nodes),
			Source: z.T("contract.source." + o.Source), Note: o.Note, Evidence: evidenceLink(d.Contract.QuoteID, o.UploadID)})
	}
	return m
}

func autoRenewText(z *i18n.Localizer, a *contract.AutoRenew) string {
	if a == nil {
		return z.T("contract.auto_renew.none")
	}
	return z.T("contract.auto_renew.every", map[string]any{"Months": a.Months, "Max": a.MaxRenewals})
}

// termFacts are the frozen rates, the capacity, the commitment and the SLA.
func termFacts(z *i18n.Localizer, c evaluation.Contract) []views.Fact {
	var fs []views.Fact
	for _, ch := range c.Charges {
		fs = append(fs, views.Fact{Label: ch.Name, Value: z.T("contract.rate", map[string]any{"Rate": z.Money(ch.Rate.String(), c.Currency), "Unit": ch.Unit})})
	}
	fs = append(fs, views.Fact{Label: z.T("contract.capacity"),
		Value: z.T("contract.capacity_value", map[string]any{"GPUs": c.Capacity.GPUs, "PerNode": c.Capacity.GPUsPerNode})})
	if cm := c.Commitment; cm != nil {
		fs = append(fs, views.Fact{Label: z.T("contract.commitment"),
			Value: z.T("contract.commitment_value", map[string]any{"Amount": z.Decimal(cm.Amount.String()), "Unit": cm.Unit, "Period": z.T("contract.period." + cm.Period)})})
	}
	if c.Upfront > 0 {
		fs = append(fs, views.Fact{Label: z.T("contract.upfront"), Value: z.Money(c.Upfront.String(), c.Currency)})
	}
	if s := c.SLA; s != nil {
		fs = append(fs, views.Fact{Label: z.T("contract.sla"),
			Value: z.T("contract.sla_value", map[string]any{"Uptime": z.Decimal(s.UptimePct.String()), "Days": s.ClaimDays})})
	} else {
		fs = append(fs, views.Fact{Label: z.T("contract.sla"), Value: z.T("contract.sla_none")})
	}
	return fs
}

// billView is one bill with each line's match in words.
func billView(z *i18n.Localizer, b evaluation.Bill) views.BillView {
	money := func(m contract.Money) string { return z.Money(m.Decimal(), m.Currency) }
	cur := b.Match.Total.Currency
	v := views.BillView{ID: b.ID, PayCode: string(b.Match.ShouldBePaid), ShouldBePaid: z.T("contract.pay." + string(b.Match.ShouldBePaid)),
		Total: money(b.Match.Total), Disputed: money(b.Match.Disputed),
		Title: z.T("contract.bill_title", map[string]any{"ID": b.ID, "Format": z.T("contract.format." + b.Format), "By": b.Uploaded, "File": b.Filename})}
	for _, e := range b.Match.BillExceptions {
		v.Whole = append(v.Whole, exceptionText(z, e))
	}
	for _, l := range b.Lines {
		lv := views.BillLineView{Line: strconv.Itoa(l.Line), Description: l.Description, OK: l.Match == "ok",
			Quantity:  fmt.Sprintf("%s %s", z.Decimal(l.Quantity.String()), l.Unit),
			UnitPrice: z.Money(l.UnitPrice.String(), cur), Amount: z.Money(l.Amount.String(), cur)}
		for _, e := range l.Exceptions {
			lv.Exceptions = append(lv.Exceptions, exceptionText(z, e))
		}
		v.Lines = append(v.Lines, lv)
	}
	return v
}

func exceptionText(z *i18n.Localizer, e contract.Exception) string {
	return z.T("contract.exception."+string(e.Reason), map[string]any{"Amount": z.Money(e.Amount.Decimal(), e.Amount.Currency)})
}

// commitmentChart draws the commitment report: used and unused per month,
// and the cumulative use against the cumulative commitment, in the
// commitment's unit (the contract's currency without a commitment).
func commitmentChart(z *i18n.Localizer, c evaluation.Contract, rows []contract.CommitmentRow) (chart.CommitmentFigure, views.ChartText) {
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

// perUnit writes a cost per useful unit, or a dash when there is none
// (no units entered, or no quoted figure in the contract's currency).
func perUnit(z *i18n.Localizer, m contract.Micros) string {
	if m == 0 {
		return "—"
	}
	return z.Decimal(m.String())
}
