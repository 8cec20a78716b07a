package model

import (
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
)

// ContractPage turns a contract's page into words and formatted figures
// for the reader of p on now; attestation names a requirement.
func ContractPage(z *i18n.Localizer, p views.Page, d evaluation.ContractDetail, now time.Time,
	attestation func(sourcing.Requirement) string) views.ContractView {
	c := d.Contract
	date := func(x contract.Date) string { return contractDate(z, x) }
	money := func(m contract.Money) string { return z.Money(m.Decimal(), m.Currency) }
	m := views.ContractView{ID: c.ID, Vendor: c.Vendor, VendorID: c.VendorID, StateCode: string(c.State),
		State: z.T("contract.state." + string(c.State)), Version: c.Version, QuoteID: c.QuoteID,
		FromQuote: z.T("contract.from_quote", map[string]any{"Quote": c.QuoteID, "Revision": c.QuoteRevision}),
		CanEdit:   p.Can(auth.ManageContracts), CanRebid: p.Can(auth.ManageEvaluations), UnitsMonth: now.Format("2006-01"),
		Rebid: views.RebidForm{Languages: contractLanguages()},
		Form:  views.ContractForm{StartDate: c.StartDate.String(), TermMonths: strconv.Itoa(c.TermMonths), NoticeDays: strconv.Itoa(c.NoticeDays)}}
	m.Dates = []views.Fact{
		{Label: z.T("contract.start"), Value: date(c.StartDate)},
		{Label: z.T("contract.term_months"), Value: z.Int(int64(c.TermMonths))},
		{Label: z.T("contract.end"), Value: date(c.EndDate)},
		{Label: z.T("contract.notice_days"), Value: z.Int(int64(c.NoticeDays))},
		{Label: z.T("contract.cancel_by"), Value: date(c.CancelBy)},
		{Label: z.T("contract.auto_renew"), Value: contractAutoRenew(z, c.AutoRenew)},
		{Label: z.T("contract.final_end"), Value: date(c.FinalEnd)},
	}
	m.Alerts = contractAlerts(z, d, attestation)
	m.Terms = contractTerms(z, c)
	for _, v := range d.Versions {
		m.Versions = append(m.Versions, views.VersionRow{Version: strconv.Itoa(v.Version), Reason: v.Reason, Author: v.AuthorName, At: z.DateTime(v.CreatedAt)})
	}
	for _, b := range d.Bills {
		m.Bills = append(m.Bills, contractBill(z, b))
	}
	for _, r := range d.Commitment {
		m.Commitment = append(m.Commitment, views.CommitmentRowView{Month: date(r.Month), Committed: z.Decimal(r.Committed.String()),
			Used: z.Decimal(r.Used.String()), Unused: z.Decimal(r.Unused.String()), Utilisation: z.Decimal(r.UtilisationPct.String()) + " %",
			Shortfall: money(r.Shortfall), Cost: money(r.Cost), EffectiveRate: z.Decimal(r.EffectiveRate.String()), Cumulative: money(r.CumulativeCost),
			PerUseful: contractPerUnit(z, r.CostPerUsefulUnit), QuotedPerUseful: contractPerUnit(z, r.QuotedPerUseful)})
	}
	m.CommitmentChart, m.CommitmentText = contractChart(z, c, d.Commitment)
	for _, cl := range d.Credits {
		m.Credits = append(m.Credits, views.CreditView{Month: date(cl.Month), Availability: z.Decimal(cl.Availability.String()) + " %",
			Credit: z.Decimal(cl.CreditPct.String()) + " %", Amount: money(cl.Amount), Deadline: date(cl.Deadline),
			Status: z.T("contract.claim." + cl.Status)})
	}
	for _, o := range d.Outages {
		m.Outages = append(m.Outages, views.OutageView{Start: z.DateTime(o.Start), End: z.DateTime(o.End), Nodes: strconv.Itoa(o.Nodes),
			Source: z.T("contract.source." + o.Source), Note: o.Note, Evidence: contractEvidence(d.Contract.QuoteID, o.UploadID)})
	}
	return m
}

// contractAlerts are the page's alerts: a draft's, the notice dates due,
// the claims whose window closes soon and the attestations that end.
func contractAlerts(z *i18n.Localizer, d evaluation.ContractDetail, attestation func(sourcing.Requirement) string) []string {
	var out []string
	if d.Contract.State == contract.Draft {
		out = append(out, z.T("contract.alert.draft"))
	}
	for _, a := range d.Alerts {
		out = append(out, z.T("contract.alert."+string(a.Kind), map[string]any{"Date": contractDate(z, a.Target), "Days": a.Offset}))
	}
	for _, cl := range d.ClaimAlerts {
		out = append(out, z.T("alerts.contract.claim", map[string]any{"Amount": z.Money(cl.Amount.Decimal(), cl.Amount.Currency),
			"Month": contractDate(z, cl.Month), "Deadline": contractDate(z, cl.Deadline)}))
	}
	for _, a := range d.Attestations {
		key := "contract.alert.attestation_ends"
		if a.Ended {
			key = "contract.alert.attestation_ended"
		}
		out = append(out, z.T(key, map[string]any{"Attestation": attestation(a.Requirement), "Date": contractDate(z, a.Ends)}))
	}
	return out
}

func contractDate(z *i18n.Localizer, d contract.Date) string { return z.Date(d.Start(time.UTC)) }

func contractAutoRenew(z *i18n.Localizer, a *contract.AutoRenew) string {
	if a == nil {
		return z.T("contract.auto_renew.none")
	}
	return z.T("contract.auto_renew.every", map[string]any{"Months": a.Months, "Max": a.MaxRenewals})
}

// contractTerms are the frozen rates, the capacity, the commitment and the SLA.
func contractTerms(z *i18n.Localizer, c evaluation.Contract) []views.Fact {
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

// contractLanguages are the options of the re-bid contact's language.
func contractLanguages() []views.Option {
	out := make([]views.Option, 0, len(i18n.Languages))
	for _, l := range i18n.Languages {
		out = append(out, views.Option{Value: l, Label: i18n.LanguageNames[l]})
	}
	return out
}

// RebidError is the first of a refused re-bid's reasons the form shows.
func RebidError(z *i18n.Localizer, fe evaluation.FieldErrors) string {
	for _, k := range []string{"contact.email", "contact.language", "contact.contact", "deadline"} {
		if key, ok := fe[k]; ok {
			return z.T(key)
		}
	}
	return ""
}
