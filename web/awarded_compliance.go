package web

import (
	"context"
	"slices"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
)

// awardedQuoteIDs are the quotes of the awards in force or pending (not
// revoked, rejected or withdrawn) and the single approved quote, if any.
func awardedQuoteIDs(awards []evaluation.AwardView, approved int64) []int64 {
	var ids []int64
	for _, aw := range awards {
		if aw.Status == evaluation.AwardRevoked || aw.Status == evaluation.AwardRejected || aw.Award.Status == "withdrawn" {
			continue
		}
		for _, sh := range aw.Shares {
			ids = append(ids, sh.QuoteID)
		}
	}
	if approved != 0 && !slices.Contains(ids, approved) {
		ids = append(ids, approved)
	}
	return ids
}

// awardedCompliance is, for each awarded quote that came through a round
// asking for attestations, its vendor's row of that round's matrix, in
// the analysis's quote order. Quotes entered by hand show nothing.
func (s *Server) awardedCompliance(ctx context.Context, z *i18n.Localizer, st *evaluation.Analysis, awards []evaluation.AwardView) ([]views.AwardedCompliance, error) {
	approved := int64(0)
	if cur := st.CurrentApproval(); cur != nil {
		approved = cur.QuoteID
	}
	ids := awardedQuoteIDs(awards, approved)
	found := st.QuotesCompliance(ids)
	if len(found) == 0 {
		return nil, nil
	}
	var out []views.AwardedCompliance
	for _, sq := range st.Quotes {
		qc, ok := found[sq.ID]
		if !ok {
			continue
		}
		m := complianceView(z, qc.Compliance, []sourcing.Row{qc.Row})
		a := views.AwardedCompliance{Provider: sq.ProviderName, Scope: m.Scope}
		for i, cell := range m.Rows[0].Cells {
			a.Lines = append(a.Lines, views.ComplianceLine{Requirement: m.Heads[i], Cell: cell})
		}
		out = append(out, a)
	}
	return out, nil
}
