package model

import (
	"fmt"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/web/views"
)

// VendorRecord formats a vendor's record for its page: preGrade is its
// past-performance pre-grade and preRule the rule's sentence, in words.
func VendorRecord(z *i18n.Localizer, rec evaluation.VendorRecord, preGrade, preRule string) views.VendorRecordView {
	money := func(m contract.Money) string { return z.Money(m.Decimal(), m.Currency) }
	pct := func(p contract.Pct) string { return z.Decimal(p.String()) + "\u00a0%" }
	links := func(es []evaluation.Evidence) []views.RecordLink {
		out := make([]views.RecordLink, 0, len(es))
		for _, e := range es {
			out = append(out, views.RecordLink{Text: z.T("record."+e.Kind+"_n", map[string]any{"ID": e.ID}), Href: templ.SafeURL(e.Href)})
		}
		return out
	}
	figure := func(key string, f evaluation.Figure) views.RecordFigure {
		v := views.RecordFigure{Key: key, Label: z.T("record." + key), Value: z.T("record.unknown"), Links: links(f.Evidence)}
		if f.Known {
			v.Value = pct(f.Pct)
		}
		return v
	}
	sm := rec.Summary
	m := views.VendorRecordView{Vendor: rec.Vendor, PreGrade: preGrade, PreRule: preRule}
	m.Summary = []views.RecordFigure{figure("price_adherence", sm.PriceAdherence), figure("availability", sm.Availability),
		figure("pass_rate", sm.PassRate),
		{Key: "reruns", Label: z.T("record.reruns"), Value: z.Int(int64(sm.Reruns)), Links: links(sm.PassRate.Evidence)},
		{Key: "answer_time", Label: z.T("record.answer_time"), Value: z.T("record.unknown"), Links: links(sm.AnswerTime)},
		figure("completeness", sm.Completeness)}
	if sm.Answered > 0 {
		m.Summary[4].Value = z.T("record.answer_value", map[string]any{"Hours": recordHours(z, sm.AnswerMinutes),
			"Answered": sm.Answered, "Unanswered": sm.Unanswered})
	}
	for _, b := range scoring.PastRule() {
		m.Bands = append(m.Bands, views.RecordBand{Grade: z.Decimal(b.Grade), Availability: z.Decimal(b.Availability) + "\u00a0%",
			PriceAdherence: z.Decimal(b.PriceAdherence) + "\u00a0%", PassRate: z.Decimal(b.PassRate) + "\u00a0%"})
	}
	for _, c := range rec.Contracts {
		m.Rows = append(m.Rows, views.VendorRecordRow{ContractID: c.ContractID, State: z.T("contract.state." + string(c.State)),
			Bills: z.Int(int64(c.Bills)), Billed: money(c.Billed), AboveContract: money(c.AboveContract), Adherence: pct(c.PriceAdherence),
			Lines:        z.T("contract.record.lines", map[string]any{"OK": c.LinesMatched, "Exceptions": c.LinesException}),
			Availability: pct(c.Availability),
			Credits:      z.T("contract.record.credits", map[string]any{"Claimed": money(c.Claimed), "Credited": money(c.Credited)})})
	}
	for _, q := range rec.Tests {
		m.Tests = append(m.Tests, views.RecordTestRow{QuoteID: q.QuoteID, Quote: z.T("record.quote_n", map[string]any{"ID": q.QuoteID}),
			Passed: z.Int(int64(q.Passed)), Failed: z.Int(int64(q.Failed)), Waived: z.Int(int64(q.Waived)), Reruns: z.Int(int64(q.Reruns))})
	}
	for _, v := range rec.Invitations {
		row := views.RecordInvitationRow{RFQID: v.RFQID, RFQ: z.T("record.rfq_round", map[string]any{"ID": v.RFQID, "Round": v.Round}),
			Invited: z.DateTime(v.InvitedAt), Answered: z.T("record.not_answered"), Time: "—", Completeness: "—"}
		if v.SubmittedAt != nil {
			row.Answered, row.Time = z.DateTime(*v.SubmittedAt), z.T("record.hours", map[string]any{"Hours": recordHours(z, v.AnswerMinutes)})
			row.Completeness = z.T("record.answered_of", map[string]any{"Answered": v.Answered, "Asked": v.Asked, "Pct": pct(v.Completeness)})
		}
		m.Invitations = append(m.Invitations, row)
	}
	return m
}

// recordHours writes minutes as hours with one decimal, rounded half up.
func recordHours(z *i18n.Localizer, minutes int64) string {
	tenths := (minutes*10*2 + 60) / 120
	return z.Decimal(fmt.Sprintf("%d.%d", tenths/10, tenths%10))
}
