package web

import (
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
)

// awardedCompliance is, for each awarded quote that came through a round
// asking for attestations, its vendor's row of that round's matrix, in
// the analysis's quote order. Quotes entered by hand show nothing.
func awardedCompliance(z *i18n.Localizer, st *evaluation.Analysis, awards []evaluation.AwardView) []views.AwardedCompliance {
	approved := int64(0)
	if cur := st.CurrentApproval(); cur != nil {
		approved = cur.QuoteID
	}
	found := st.QuotesCompliance(evaluation.AwardedQuotes(awards, approved))
	var out []views.AwardedCompliance
	for _, sq := range st.Quotes {
		qc, ok := found[sq.ID]
		if !ok {
			continue
		}
		m := complianceView(z, qc.Compliance, []sourcing.Row{qc.Row})
		a := views.AwardedCompliance{Provider: sq.ProviderName, Scope: m.Scope, Alerts: m.Alerts}
		for i, cell := range m.Rows[0].Cells {
			a.Lines = append(a.Lines, views.ComplianceLine{Requirement: m.Heads[i], Cell: cell})
		}
		out = append(out, a)
	}
	return out
}
