package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
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

// awardsPanel builds the decision page's award section: the split the
// buyer's constraints (query max_vendor_pct, verified_fabric_only) give,
// the form prefilled with it (or with what was typed), and the recorded
// awards with their plan, approvers and whether the viewer may sign.
func (s *Server) awardsPanel(r *http.Request, st *evaluation.Analysis, af *awardForm, awards []evaluation.AwardView) (*views.AwardsPanel, error) {
	ctx := r.Context()
	z := i18n.From(ctx)
	u := currentUser(r)
	p := &views.AwardsPanel{EvaluationID: st.Evaluation.ID, CanRecord: u.Role.Can(auth.EditQuotes)}
	q := r.URL.Query()
	maxPct := 100
	if n, err := strconv.Atoi(q.Get("max_vendor_pct")); err == nil && n >= 1 && n <= 100 {
		maxPct, p.MaxVendorPct = n, q.Get("max_vendor_pct")
	}
	p.VerifiedOnly = q.Get("verified_fabric_only") == "1"
	best, run := s.suggestSplit(st, maxPct, p.VerifiedOnly)
	p.NoSplit = best == nil && len(st.Quotes)+len(st.Story.LeftOut) > 0
	if p.NoSplit {
		view := fmt.Sprintf("nosplit\x00%s\x00%d\x00%t", z.Lang, maxPct, p.VerifiedOnly)
		t, _ := s.noSplits.get(st, view, func() (noSplitTexts, error) {
			var w views.AwardsPanel
			w.VerifiedOnly = p.VerifiedOnly
			noSplitWhy(z, st, maxPct, &w)
			return noSplitTexts{why: w.NoSplitWhy, nearest: w.Nearest, near: w.NearestURL}, nil
		})
		p.NoSplitWhy, p.Nearest, p.NearestURL = t.why, t.nearest, t.near
	}
	p.Suggested = splitSentence(z, st, best, "award.suggest.best")
	p.RunnerUp = splitSentence(z, st, run, "award.suggest.runner_up")
	suggested := map[int64]int{}
	if best != nil {
		for _, sh := range best.Shares {
			suggested[sh.QuoteID] = sh.SharePct
		}
	}
	for _, i := range awardRows(st, suggested, af) {
		sq, res := st.Quotes[i], st.WS.Results[i]
		o := views.AwardOption{QuoteID: sq.ID, Provider: sq.ProviderName, Rental: z.T("quote.term.rental_model." + string(res.RentalModel)),
			CostPerUnit: money(z, res.CostPerUnit)}
		if n := suggested[sq.ID]; n > 0 {
			o.Share = strconv.Itoa(n)
		}
		if af != nil {
			o.Share, o.Error = af.shares[sq.ID], af.errors[sq.ID]
		}
		p.Options = append(p.Options, o)
	}
	if af != nil {
		p.Reason, p.Errors = af.reason, af.summary
	}
	for _, aw := range awards {
		v := recordedAwardView(z, st, aw, af)
		if err := s.signingChoices(ctx, z, st, aw, u, &v); err != nil {
			return nil, err
		}
		p.Recorded = append(p.Recorded, v)
	}
	return p, nil
}

// splitSentence words a suggested split: each provider's share and the
// combined cost per unit.
func splitSentence(z *i18n.Localizer, st *evaluation.Analysis, sp *scoring.Split, key string) string {
	if sp == nil {
		return ""
	}
	shares, cost := splitWords(z, st, sp)
	return z.T(key, map[string]any{"Shares": shares, "Cost": cost})
}

// splitWords are a split's shares ("Northwind 60 %, Acme 40 %") and its
// cost per unit.
func splitWords(z *i18n.Localizer, st *evaluation.Analysis, sp *scoring.Split) (shares, cost string) {
	var parts []string
	for _, sh := range sp.Shares {
		parts = append(parts, shareLine(z, st, sh.QuoteID, sh.SharePct))
	}
	return strings.Join(parts, ", "), money(z, tco.Money{Minor: sp.Figures.CostPerUnitMinor, Currency: st.WS.Currency})
}

func shareLine(z *i18n.Localizer, st *evaluation.Analysis, quoteID int64, pct int) string {
	return z.T("award.share_line", map[string]any{"Provider": shareName(z, st, quoteID), "Pct": z.Int(int64(pct))})
}

// shareName names an awarded quote by its provider.
func shareName(z *i18n.Localizer, st *evaluation.Analysis, quoteID int64) string {
	name := z.T("award.quote_number", map[string]any{"ID": quoteID})
	if sq, _, ok := st.Quote(quoteID); ok {
		name = sq.ProviderName
	} else if np, ok := st.WhyUnpriced(quoteID); ok {
		name = np.Provider
	}
	return name
}

var statusClass = map[string]string{"awaiting_approval": "warn", "approved": "ok", "stale": "warn", "rejected": "info", "revoked": "info"}

// recordedAwardView words an award as judged on today's figures: its
// status (stale when an input of its last signature moved, with what
// changed), figures, plan (and whether it grew), signatures, and each
// awarded quote's blockers and acceptance state.
func recordedAwardView(z *i18n.Localizer, st *evaluation.Analysis, aw evaluation.AwardView, af *awardForm) views.RecordedAward {
	v := views.RecordedAward{ID: aw.ID, Value: money(z, aw.Figures.Value), Monthly: money(z, aw.Figures.Monthly),
		CostPerUnit: money(z, aw.Figures.CostPerUnit), Status: aw.Status, StatusLabel: z.T("award.status." + aw.Status),
		StatusClass: statusClass[aw.Status], Hash: aw.ApprovalHash, Changes: changeLines(z, st, aw.Changes),
		Recorded: z.T("award.recorded_by", map[string]any{"By": aw.RecordedBy, "At": z.DateTime(aw.RecordedAt), "Reason": aw.Reason})}
	var split chart.Split
	for _, sh := range aw.Shares {
		v.Shares = append(v.Shares, shareLine(z, st, sh.QuoteID, sh.SharePct))
		split.Parts = append(split.Parts, chart.SplitPart{Label: shareName(z, st, sh.QuoteID), Text: v.Shares[len(v.Shares)-1], Value: float64(sh.SharePct)})
	}
	v.Split = split.Layout()
	v.SplitText = views.ChartText{Title: z.T("award.split_title"), Desc: z.T("award.split_desc")}
	if !aw.Priced {
		unknown := z.T("award.value_unknown")
		v.Value, v.Monthly, v.CostPerUnit = unknown, unknown, unknown
		v.NotPriced = notPricedLines(z, st, aw.NotPriced)
	}
	v.Plan = planSentence(z, aw.Plan)
	if aw.Status == evaluation.AwardAwaiting {
		v.Awaiting = z.T("award.awaiting", map[string]any{"Roles": rolesText(z, aw.Awaiting)})
	}
	if aw.PlanChanged && aw.Status == evaluation.AwardAwaiting {
		v.PlanChanged = z.T("award.plan_changed", map[string]any{"Plan": v.Plan, "Roles": rolesText(z, aw.Awaiting)})
	}
	v.Signatures = signatureLines(z, aw.Signatures)
	v.Quotes = awardQuoteStates(z, st, aw.Blockers)
	if af != nil && af.signAward == aw.ID {
		v.SignError, v.SignReason, v.SignBlockers = af.signError, af.signReason, af.signBlockers
	}
	return v
}

// signingChoices sets what u may do with the award: sign (or why not),
// re-approve a stale one, reject or revoke.
func (s *Server) signingChoices(ctx context.Context, z *i18n.Localizer, st *evaluation.Analysis, aw evaluation.AwardView, u store.User, v *views.RecordedAward) error {
	if !u.Role.Can(auth.ApproveAward) {
		return nil
	}
	v.CanReject = aw.Status == evaluation.AwardAwaiting
	v.CanRevoke = aw.Status == evaluation.AwardApproved || aw.Status == evaluation.AwardStale
	v.CanReapprove = aw.Status == evaluation.AwardStale
	if aw.Status != evaluation.AwardAwaiting {
		return nil
	}
	rf, err := s.eval.SignRefusal(ctx, st, aw.Award, u)
	if err != nil {
		return err
	}
	v.CanSign = rf == nil
	if rf != nil {
		v.CannotSign = signingRefusalText(z, st, rf)
		v.CanReapprove = rf.Code == evaluation.CodeStale
	}
	return nil
}

// awardQuoteStates words each awarded quote's acceptance suite and
// blockers, each waived (with the reason) or open.
func awardQuoteStates(z *i18n.Localizer, st *evaluation.Analysis, list []evaluation.QuoteBlockers) []views.AwardQuoteState {
	out := make([]views.AwardQuoteState, 0, len(list))
	for _, qb := range list {
		q := views.AwardQuoteState{Provider: qb.Provider, Acceptance: z.T("award.acceptance", map[string]any{
			"Passed": z.Int(int64(qb.Acceptance.Passed + qb.Acceptance.Waived)), "Total": z.Int(int64(qb.Tests)),
			"Failed": z.Int(int64(qb.Acceptance.Failed))})}
		q.Blockers = blockerLines(z, st, qb)
		out = append(out, q)
	}
	return out
}

func blockerLines(z *i18n.Localizer, st *evaluation.Analysis, qb evaluation.QuoteBlockers) []string {
	out := make([]string, 0, len(qb.Blockers))
	for _, b := range qb.Blockers {
		msg := z.T("bench.test." + b.ID)
		if b.Kind == "flag" {
			msg = flagMessage(z, st, qb.QuoteID, b.ID)
		}
		if b.Waived {
			out = append(out, z.T("award.blocker.waived", map[string]any{"Blocker": msg, "Reason": b.Reason}))
			continue
		}
		out = append(out, z.T("award.blocker.open", map[string]any{"Blocker": msg}))
	}
	return out
}

// signingRefusalText is a refused signature's message in the reader's
// language.
func signingRefusalText(z *i18n.Localizer, st *evaluation.Analysis, rf *evaluation.SigningRefusal) string {
	return z.T("award.refused."+rf.Code, map[string]any{"Roles": rolesText(z, rf.Awaiting), "N": z.Int(int64(rf.Plan.Required))})
}

// signatureLines words each approver: name, role, time and reason.
func signatureLines(z *i18n.Localizer, list []approval.Signature) []string {
	out := make([]string, 0, len(list))
	for _, sg := range list {
		out = append(out, z.T("award.signature", map[string]any{"Name": sg.Name, "Email": sg.Email,
			"Role": z.T("role." + sg.Role), "At": z.DateTime(sg.At), "Reason": sg.Reason}))
	}
	return out
}

// planSentence says how many approve, in which order and which roles.
func planSentence(z *i18n.Localizer, p approval.Plan) string {
	if p.Required <= 1 && len(p.Roles) == 0 {
		return z.T("award.plan.one")
	}
	key := "award.plan.in_parallel"
	if p.Order == approval.InOrder {
		key = "award.plan.in_order"
	}
	roles := make([]string, p.Required)
	copy(roles, p.Roles)
	return z.T(key, map[string]any{"N": z.Int(int64(p.Required)), "Roles": rolesText(z, roles)})
}

// rolesText lists roles in the reader's language; "" is any approver.
func rolesText(z *i18n.Localizer, roles []string) string {
	out := make([]string, 0, len(roles))
	for _, r := range roles {
		if r == "" {
			out = append(out, z.T("award.plan.any_approver"))
			continue
		}
		out = append(out, z.T("role."+r))
	}
	return strings.Join(out, z.T("award.plan.then"))
}

var shareField = regexp.MustCompile(`^share_([0-9]{1,18})$`)

// recordAwardForm records an award from the decision page: share_<quote>
// fields (whole percent, blank for none) and a reason; refusals are shown
// at the share they are about and in the summary at the top of the form.
func (s *Server) recordAwardForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	z := i18n.From(r.Context())
	af := &awardForm{shares: map[int64]string{}, errors: map[int64]string{}, reason: strings.TrimSpace(r.PostForm.Get("reason"))}
	var shares []store.AwardShare
	for key, vals := range r.PostForm {
		m := shareField.FindStringSubmatch(key)
		if m == nil || len(vals) != 1 || strings.TrimSpace(vals[0]) == "" {
			continue
		}
		qid, _ := strconv.ParseInt(m[1], 10, 64)
		v := strings.TrimSpace(vals[0])
		af.shares[qid] = v
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 100 {
			af.errors[qid] = z.T("scoring.error.share_range")
			continue
		}
		if n > 0 {
			shares = append(shares, store.AwardShare{QuoteID: qid, SharePct: n})
		}
	}
	slices.SortFunc(shares, func(a, b store.AwardShare) int { return int(a.QuoteID - b.QuoteID) })
	var fe evaluation.FieldErrors
	if len(af.errors) == 0 {
		_, err = s.eval.RecordAward(r.Context(), currentUser(r), id, shares, af.reason)
		if !errors.As(err, &fe) && err != nil {
			return err
		}
	}
	if len(af.errors) == 0 && fe == nil {
		return redirect(w, r, "/evaluations/"+strconv.FormatInt(id, 10)+"/decision#awards", "flash.award_recorded")
	}
	for field, key := range fe {
		if i, ok := shareIndex(field); ok && i < len(shares) {
			af.errors[shares[i].QuoteID] = z.T(key)
			continue
		}
		target := "award-reason"
		if field != "reason" {
			target = "awards"
		}
		af.summary = append(af.summary, views.FormError{Target: target, Message: z.T(key)})
	}
	for qid, msg := range af.errors {
		af.summary = append(af.summary, views.FormError{Target: "share-" + strconv.FormatInt(qid, 10), Message: msg})
	}
	slices.SortFunc(af.summary, func(a, b views.FormError) int { return strings.Compare(a.Target, b.Target) })
	return s.renderDecisionWith(w, r, id, decisionForm{status: http.StatusUnprocessableEntity, award: af})
}

var shareIndexField = regexp.MustCompile(`^shares\[([0-9]+)\]\.`)

func shareIndex(field string) (int, bool) {
	m := shareIndexField.FindStringSubmatch(field)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

// approveAwardForm signs an award from the decision page. Every approver
// types their password on the form (each signature is a fresh
// authentication, whatever the session's age); the plan's refusals are
// said on the award they are about.
func (s *Server) approveAwardForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	aw, err := s.eval.StoredAward(ctx, id)
	if err != nil {
		return err
	}
	z := i18n.From(ctx)
	reason := strings.TrimSpace(r.PostForm.Get("reason"))
	refuse := func(status int, msg string) error {
		return s.renderDecisionWith(w, r, aw.EvaluationID, decisionForm{status: status,
			award: &awardForm{signAward: id, signError: msg, signReason: reason}})
	}
	if reason == "" || len(reason) > 8000 {
		return refuse(http.StatusUnprocessableEntity, z.T("award.error.reason"))
	}
	if status, key := s.reauthFailure(w, r, principalFrom(ctx), r.PostForm.Get("password")); key != "" {
		if key == "decision.error.reauth" {
			key = "award.error.password"
		}
		return refuse(status, z.T(key))
	}
	res, err := s.eval.ApproveAward(ctx, currentUser(r), id, reason)
	if rf := (*evaluation.SigningRefusal)(nil); errors.As(err, &rf) {
		return s.refuseSignature(w, r, aw.EvaluationID, id, reason, rf)
	}
	if err != nil {
		return err
	}
	flash := "flash.award_signed"
	if res.Status == "approved" {
		flash = "flash.award_approved"
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(aw.EvaluationID, 10)+"/decision#award-"+strconv.FormatInt(id, 10), flash)
}

// notPricedLines say which awarded quotes the analysis cannot price now,
// and what would price them.
func notPricedLines(z *i18n.Localizer, st *evaluation.Analysis, list []evaluation.NotPriced) []string {
	out := make([]string, 0, len(list))
	for _, np := range list {
		if np.Code == "no_rate" {
			out = append(out, z.T("award.not_priced.no_rate", map[string]any{"Provider": np.Provider, "From": np.Currency, "To": st.WS.Currency}))
			continue
		}
		out = append(out, z.T("award.not_priced.unpriced", map[string]any{"Provider": np.Provider, "Reason": np.Reason}))
	}
	return out
}

// noSplitWhy words why no split meets the constraints, quote by quote,
// and the nearest split that can be found.
func noSplitWhy(z *i18n.Localizer, st *evaluation.Analysis, maxPct int, p *views.AwardsPanel) {
	why := st.WhyNoSplit(maxPct, p.VerifiedOnly)
	for _, ex := range why.Excluded {
		p.NoSplitWhy = append(p.NoSplitWhy, z.T("award.split.why."+ex.Reason, map[string]any{"Provider": ex.Provider,
			"Count": ex.Count, "Pct": ex.Pct, "From": ex.Currency, "To": ex.Target, "Detail": ex.Detail}))
	}
	if more := why.ExcludedTotal - len(why.Excluded); more > 0 {
		p.NoSplitWhy = append(p.NoSplitWhy, z.N("award.split.why_more", more))
	}
	if why.Nearest == nil {
		p.Nearest = z.T("award.split.no_nearest")
		return
	}
	key := "award.split.nearest"
	if p.VerifiedOnly && !why.NearestVerified {
		key = "award.split.nearest_unverified"
	}
	shares, cost := splitWords(z, st, why.Nearest)
	p.Nearest = z.T(key, map[string]any{"Shares": shares, "Cost": cost, "Pct": z.Int(int64(why.NearestPct))})
	u := "/evaluations/" + strconv.FormatInt(st.Evaluation.ID, 10) + "/decision?max_vendor_pct=" + strconv.Itoa(why.NearestPct)
	if why.NearestVerified {
		u += "&verified_fabric_only=1"
	}
	p.NearestURL = u + "#awards"
}
