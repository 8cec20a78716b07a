package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
	"github.com/gpuquote/gpuquote/web/views/model"
)

// showMemo is the decision memo for the record: the brief in short, the
// shortlist side by side, the recommendation, waivers, approver and hash.
func (s *Server) showMemo(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	ctx := r.Context()
	z := i18n.From(ctx)
	st, err := s.eval.Analyze(ctx, id)
	if err != nil {
		return err
	}
	m := views.MemoPage{EvaluationName: st.Evaluation.Name, Date: z.Date(s.eval.Now())}
	for _, k := range []string{"workload_type", "useful_unit", "units_per_month", "target_gpu", "gpus_per_node", "node_count",
		"baseline_utilization_pct", "region", "term_months"} {
		if st.Brief.Data.Filled(k) {
			m.Brief = append(m.Brief, views.Figure{Label: z.T("brief.field." + k), Value: views.BriefValue(ctx, k, st.Brief.Data[k])})
		}
	}
	if st.RecErr == nil {
		m.Option, m.Summary, m.Reasons = z.T(st.Rec.Option.LabelKey()), views.Statement(z, st.Rec.Summary), views.Statements(z, st.Rec.Reasons)
	}
	m.Award = awardView(z, st)
	m.Award.ShowFacts = true
	for _, key := range tco.Editable {
		if f, ok := st.A.Field(key); ok {
			// Each figure with its unit, as the worksheet shows it: the
			// engineering rate is in USD even in an EUR evaluation.
			v, unit := z.Decimal(evaluation.AssumptionText(key, f.Value)), f.Unit
			if key == "utilisation" {
				unit = "%"
			}
			if unit != "" {
				v += "\u00a0" + unit
			}
			m.Assumptions = append(m.Assumptions, views.Figure{Label: z.T("worksheet.assumption." + key), Value: v})
		}
	}
	cur := st.CurrentApproval()
	for i, sq := range st.Quotes {
		status := st.Shortlist[sq.ID].Status
		if status == "" {
			continue
		}
		res := st.WS.Results[i]
		m.Shortlist = append(m.Shortlist, views.DecisionQuote{Provider: sq.ProviderName, Rental: z.T("quote.term.rental_model." + string(res.RentalModel)),
			TCO: money(z, res.TCO), CostPerUnit: money(z, res.CostPerUnit), StatusLabel: z.T("decision.status." + status)})
		for flagID, wv := range st.Waivers[sq.ID] {
			m.Waivers = append(m.Waivers, views.Figure{Label: sq.ProviderName + ": " + model.FlagMessage(z, st, sq.ID, flagID), Value: wv.Reason,
				Basis: wv.WaivedBy + ", " + z.DateTime(wv.WaivedAt)})
		}
		if cur != nil && cur.QuoteID == sq.ID {
			m.Current = &views.ApprovalView{Provider: sq.ProviderName, By: cur.DecidedBy, At: z.DateTime(cur.DecidedAt), Reason: cur.Reason,
				Hash: cur.ContentHash, Stale: cur.InputsHash != st.InputsHash(sq.Quote), Self: cur.SelfApproval}
			if cur.Snapshot.DiffersFromAward() {
				m.Current.Recommended = cur.Snapshot.Recommendation.AwardProvider
			}
			m.Current.Approvers = signatureLines(z, cur.Snapshot.Approvers)
		}
	}
	awards, err := s.eval.Awards(ctx, st)
	if err != nil {
		return err
	}
	for _, aw := range awards {
		if aw.Status != evaluation.AwardRevoked && aw.Status != evaluation.AwardRejected {
			m.Awards = append(m.Awards, recordedAwardView(z, st, aw, nil))
		}
	}
	approved := int64(0)
	if cur != nil {
		approved = cur.QuoteID
	}
	m.Evidence = memoEvidence(z, st, awards, approved)
	m.Compliance = awardedCompliance(z, st, awards)
	if err := s.approvalInForce(ctx, z, st, m.Current, &m.InForce); err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, views.MemoView(s.page(r, z.T("memo.title", map[string]any{"Name": st.Evaluation.Name}), "evaluations"), m))
	return nil
}
