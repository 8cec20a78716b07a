package evaluation

import (
	"time"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// Snapshot freezes what a decision on quote rests on.
// The record is kept in English, the language of the rules' own texts.
func (st *Analysis) Snapshot(sq store.StoredQuote, kind, reason string, by store.User, now time.Time) approval.Snapshot {
	snap := approval.Snapshot{EvaluationID: st.Evaluation.ID, EvaluationName: st.Evaluation.Name, QuoteID: sq.ID,
		Provider: sq.ProviderName, Terms: quote.Cells(sq.Quote), Assumptions: map[string]string{},
		Decision: kind, Reason: reason, DecidedBy: by.Name + " <" + by.Email + ">", DecidedAt: now.UTC(),
		Recommendation: approval.Recommendation{Option: string(st.Rec.Option), NotReady: st.Rec.NotReady, Summary: st.Rec.Summary.Text}}
	if kind == approval.Approve {
		snap.Approvers = []approval.Signature{{Step: 1, ApproverID: by.ID, Name: by.Name, Email: by.Email, Role: string(by.Role),
			Reason: reason, At: now.UTC()}}
	}
	if w := st.Award.Winner; w != nil {
		snap.Recommendation.AwardQuoteID, snap.Recommendation.AwardProvider = w.QuoteID, w.Provider
	}
	for _, r := range st.Rec.Reasons {
		snap.Recommendation.Reasons = append(snap.Recommendation.Reasons, r.Text)
	}
	for _, key := range tco.Editable {
		if f, ok := st.A.Field(key); ok {
			snap.Assumptions[key] = AssumptionText(key, f.Value)
		}
	}
	if _, i, ok := st.Quote(sq.ID); ok && i < len(st.WS.Results) {
		res := st.WS.Results[i]
		fig := approval.Figures{Currency: st.A.Currency, TCO: minor(res.TCO), TCOLow: minor(res.Low),
			TCOHigh: minor(res.High), CostPerUnit: minor(res.CostPerUnit), Unit: st.A.UnitName,
			Lines: map[string]string{}, Incomplete: res.Incomplete,
			ContractValue: minor(res.Contract.Value), MonthlyEquivalent: minor(res.Contract.Monthly)}
		for _, l := range res.Lines {
			fig.Lines[l.Key] = minor(l.Amount)
		}
		for _, m := range res.Missing {
			fig.Missing = append(fig.Missing, m.Term+" ("+string(m.Status)+")")
		}
		snap.Worksheet = fig
	}
	for _, test := range store.AcceptanceTests {
		tr := approval.TestRecord{Test: test, Status: "pending"}
		if a, ok := st.Suites[sq.ID][test]; ok {
			tr.Status, tr.Note = a.Status, a.Note
			if a.WaiverReason != "" {
				tr.Note = a.WaiverReason
			}
		}
		snap.Suite = append(snap.Suite, tr)
	}
	for _, f := range st.Flags[sq.ID] {
		fr := approval.FlagRecord{ID: f.ID, Severity: string(f.Severity), Message: f.Message}
		if w, ok := st.Waivers[sq.ID][f.ID]; ok {
			fr.Waived, fr.Reason, fr.WaivedBy, fr.WaivedAtS = true, w.Reason, w.WaivedBy, w.WaivedAt.UTC().Format(time.RFC3339)
		}
		snap.Flags = append(snap.Flags, fr)
	}
	return snap
}

func minor(m tco.Money) string { return m.Decimal() }
