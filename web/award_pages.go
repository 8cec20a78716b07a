package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/web/views"
	"github.com/gpuquote/gpuquote/web/views/model"
)

// awardForm is the award forms' input and refusals, kept on the page.
type awardForm struct {
	shares       map[int64]string
	reason       string
	errors       map[int64]string // by quote
	summary      []views.FormError
	signAward    int64 // the award a refused signature was for
	signError    string
	signReason   string
	signBlockers []string
}

// signed puts a refused signature's message on the award it was for.
func (af *awardForm) signed(v views.RecordedAward) views.RecordedAward {
	if af != nil && af.signAward == v.ID {
		v.SignError, v.SignReason, v.SignBlockers = af.signError, af.signReason, af.signBlockers
	}
	return v
}

// awardsPanel builds the decision page's award section: the split the
// buyer's constraints (query max_vendor_pct, verified_fabric_only) give,
// the form prefilled with it (or with what was typed), and the recorded
// awards with their plan, approvers and whether the viewer may sign.
func (s *Server) awardsPanel(r *http.Request, st *evaluation.Analysis, af *awardForm, awards []evaluation.AwardView) (*views.AwardsPanel, error) {
	z, u := i18n.From(r.Context()), currentUser(r)
	names := awardNames(z, st)
	p := &views.AwardsPanel{EvaluationID: st.Evaluation.ID, CanRecord: u.Role.Can(auth.EditQuotes)}
	q := r.URL.Query()
	maxPct := 100
	if n, err := strconv.Atoi(q.Get("max_vendor_pct")); err == nil && n >= 1 && n <= 100 {
		maxPct, p.MaxVendorPct = n, q.Get("max_vendor_pct")
	}
	p.VerifiedOnly = q.Get("verified_fabric_only") == "1"
	best, run := s.suggestSplit(st, maxPct, p.VerifiedOnly)
	if p.NoSplit = best == nil && len(st.Quotes)+len(st.Story.LeftOut) > 0; p.NoSplit {
		view := fmt.Sprintf("nosplit\x00%s\x00%d\x00%t", z.Lang, maxPct, p.VerifiedOnly)
		t, _ := s.noSplits.get(st, view, func() (noSplitTexts, error) {
			why, nearest, link := views.AwardNoSplit(z, names, st.Evaluation.ID, p.VerifiedOnly, st.WhyNoSplit(maxPct, p.VerifiedOnly))
			return noSplitTexts{why: why, nearest: nearest, near: link}, nil
		})
		p.NoSplitWhy, p.Nearest, p.NearestURL = t.why, t.nearest, t.near
	}
	p.Suggested = views.AwardSplitSentence(z, names, best, "award.suggest.best")
	p.RunnerUp = views.AwardSplitSentence(z, names, run, "award.suggest.runner_up")
	p.Options = awardOptions(z, st, best, af)
	if af != nil {
		p.Reason, p.Errors = af.reason, af.summary
	}
	refusals, err := s.eval.SignRefusals(r.Context(), st, awards, u)
	if err != nil {
		return nil, err
	}
	for _, aw := range awards {
		f := awardFacts(aw)
		f.CanApprove = u.Role.Can(auth.ApproveAward)
		if rf := refusals[aw.ID]; rf != nil {
			f.Refusal = &views.AwardRefusal{Code: rf.Code, Awaiting: rf.Awaiting, Required: rf.Plan.Required}
		}
		p.Recorded = append(p.Recorded, af.signed(views.RecordedAwardModel(z, names, f)))
	}
	return p, nil
}

// awardNames are what an award's words read from its analysis.
func awardNames(z *i18n.Localizer, st *evaluation.Analysis) views.AwardNames {
	return views.AwardNames{Currency: st.WS.Currency,
		Priced:   func(id int64) (string, bool) { sq, _, ok := st.Quote(id); return sq.ProviderName, ok },
		Unpriced: func(id int64) (string, bool) { np, ok := st.WhyUnpriced(id); return np.Provider, ok },
		Flag:     func(id int64, flagID string) string { return model.FlagMessage(z, st, id, flagID) }}
}

// awardFacts is an award as the views word it.
func awardFacts(aw evaluation.AwardView) views.AwardFacts {
	f := views.AwardFacts{ID: aw.ID, EvaluationID: aw.EvaluationID, Direct: aw.Direct, Status: aw.Status, Hash: aw.ApprovalHash, Reason: aw.Reason, RecordedBy: aw.RecordedBy,
		RecordedAt: aw.RecordedAt, Value: aw.Figures.Value, Monthly: aw.Figures.Monthly, CostPerUnit: aw.Figures.CostPerUnit,
		Priced: aw.Priced, NotPriced: aw.NotPriced, Changes: aw.Changes, Plan: aw.Plan, PlanChanged: aw.PlanChanged,
		Awaiting: aw.Awaiting, Signatures: aw.Signatures}
	if aw.Shares != nil {
		f.Shares = make([]scoring.SplitShare, 0, len(aw.Shares))
	}
	for _, sh := range aw.Shares {
		f.Shares = append(f.Shares, scoring.SplitShare(sh))
	}
	f.Quotes = quoteBlockerFacts(aw.Blockers)
	return f
}

// quoteBlockerFacts are awarded quotes' blockers as the views word them.
func quoteBlockerFacts(list []evaluation.QuoteBlockers) []views.AwardQuoteFacts {
	out := make([]views.AwardQuoteFacts, 0, len(list))
	for _, qb := range list {
		c := qb.Acceptance
		out = append(out, views.AwardQuoteFacts{QuoteID: qb.QuoteID, Provider: qb.Provider, Passed: c.Passed, Waived: c.Waived,
			Failed: c.Failed, Tests: qb.Tests, Blockers: qb.Blockers, AutomaticOpen: qb.AutomaticOpen})
	}
	return out
}

// recordedAwardView words an award as judged on today's figures.
func recordedAwardView(z *i18n.Localizer, st *evaluation.Analysis, aw evaluation.AwardView, af *awardForm) views.RecordedAward {
	return af.signed(views.RecordedAwardModel(z, awardNames(z, st), awardFacts(aw)))
}

// changeLines words each change since an approval, before → after.
func changeLines(z *i18n.Localizer, a *evaluation.Analysis, list []evaluation.Change) []string {
	return views.AwardChanges(z, awardNames(z, a), list)
}

// signatureLines words each approver: name, role, time and reason.
var signatureLines = views.AwardSignatures

// awardAuditValue shows an award's audit fields in words.
var awardAuditValue = views.AwardAuditValue
