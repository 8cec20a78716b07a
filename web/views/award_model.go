package views

import (
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// AwardNames are what an award's words read from its analysis besides
// the award: the evaluation's currency, who a quote is, and a flag's
// message.
type AwardNames struct {
	Currency string
	Priced   func(quoteID int64) (provider string, ok bool) // a quote the worksheet prices
	Unpriced func(quoteID int64) (provider string, ok bool) // a quote it leaves out
	Flag     func(quoteID int64, flagID string) string
}

// share names an awarded quote by its provider.
func (n AwardNames) share(z *i18n.Localizer, quoteID int64) string {
	if p, ok := n.Priced(quoteID); ok {
		return p
	}
	if p, ok := n.Unpriced(quoteID); ok {
		return p
	}
	return z.T("award.quote_number", map[string]any{"ID": quoteID})
}

func (n AwardNames) shareLine(z *i18n.Localizer, quoteID int64, pct int) string {
	return z.T("award.share_line", map[string]any{"Provider": n.share(z, quoteID), "Pct": z.Int(int64(pct))})
}

// AwardFacts is a recorded award as judged on today's figures
// (evaluation.AwardView), with what the viewer may do with it.
type AwardFacts struct {
	ID, EvaluationID            int64
	Direct                      bool
	Status, Hash, Reason        string
	RecordedBy                  string
	RecordedAt                  time.Time
	Shares                      []scoring.SplitShare
	Value, Monthly, CostPerUnit tco.Money
	Priced                      bool
	NotPriced                   []approval.NotPriced
	Changes                     []approval.Change
	Plan                        approval.Plan
	PlanChanged                 bool
	Awaiting                    []string
	Signatures                  []approval.Signature
	Quotes                      []AwardQuoteFacts
	// CanApprove: the viewer may approve awards; Refusal why they may not
	// sign this one (nil: they may).
	CanApprove bool
	Refusal    *AwardRefusal
}

// AwardQuoteFacts are an awarded quote's acceptance counts and blockers.
type AwardQuoteFacts struct {
	QuoteID                       int64
	Provider                      string
	Passed, Waived, Failed, Tests int
	Blockers                      []approval.AwardBlocker
	AutomaticOpen                 []string // automatic tests neither passed nor waived
}

// AwardRefusal is a refused signature (evaluation.SigningRefusal): its
// code, who must still sign, how many the plan asks.
type AwardRefusal struct {
	Code     string
	Awaiting []string
	Required int
}

var awardStatusClass = map[string]string{"awaiting_approval": "warn", "approved": "ok", "stale": "warn", "rejected": "info", "revoked": "info"}

// RecordedAwardModel words an award as judged on today's figures: its
// status (stale when an input of its last signature moved, with what
// changed), figures, plan (and whether it grew), signatures, each awarded
// quote's blockers and acceptance state, and what the viewer may do.
func RecordedAwardModel(z *i18n.Localizer, n AwardNames, aw AwardFacts) RecordedAward {
	v := RecordedAward{ID: aw.ID, Value: awardMoney(z, aw.Value), Monthly: awardMoney(z, aw.Monthly),
		CostPerUnit: awardMoney(z, aw.CostPerUnit), Status: aw.Status, StatusLabel: z.T("award.status." + aw.Status),
		StatusClass: awardStatusClass[aw.Status], Hash: aw.Hash, Changes: AwardChanges(z, n, aw.Changes),
		Recorded: z.T("award.recorded_by", map[string]any{"By": aw.RecordedBy, "At": z.DateTime(aw.RecordedAt), "Reason": aw.Reason})}
	var split chart.Split
	for _, sh := range aw.Shares {
		v.Shares = append(v.Shares, n.shareLine(z, sh.QuoteID, sh.SharePct))
		split.Parts = append(split.Parts, chart.SplitPart{Label: n.share(z, sh.QuoteID), Text: v.Shares[len(v.Shares)-1], Value: float64(sh.SharePct)})
	}
	v.Split = split.Layout()
	v.SplitText = ChartText{Title: z.T("award.split_title"), Desc: z.T("award.split_desc")}
	if !aw.Priced {
		unknown := z.T("award.value_unknown")
		v.Value, v.Monthly, v.CostPerUnit = unknown, unknown, unknown
		v.NotPriced = awardNotPricedLines(z, n, aw.NotPriced)
	}
	v.Plan = AwardPlan(z, aw.Plan)
	if aw.Status == "awaiting_approval" {
		v.Awaiting = z.T("award.awaiting", map[string]any{"Roles": AwardRoles(z, aw.Awaiting)})
		if aw.PlanChanged {
			v.PlanChanged = z.T("award.plan_changed", map[string]any{"Plan": v.Plan, "Roles": AwardRoles(z, aw.Awaiting)})
		}
	}
	v.Signatures = AwardSignatures(z, aw.Signatures)
	for _, q := range aw.Quotes {
		v.Quotes = append(v.Quotes, AwardQuoteState{Provider: q.Provider, Blockers: AwardBlockerLines(z, n, q.QuoteID, q.Blockers),
			Acceptance: z.T("award.acceptance", map[string]any{"Passed": z.Int(int64(q.Passed + q.Waived)), "Total": z.Int(int64(q.Tests)),
				"Failed": z.Int(int64(q.Failed))})})
	}
	if v.Quotes == nil {
		v.Quotes = []AwardQuoteState{}
	}
	awardSigning(z, aw, &v)
	return v
}

// awardSigning sets what the viewer may do with the award: sign (or why
// not), re-approve a stale one, reject or revoke.
func awardSigning(z *i18n.Localizer, aw AwardFacts, v *RecordedAward) {
	if !aw.CanApprove {
		return
	}
	v.CanReject = aw.Status == "awaiting_approval"
	v.CanRevoke = aw.Status == "approved" || aw.Status == "stale"
	v.CanReapprove = aw.Status == "stale"
	if aw.Status != "awaiting_approval" {
		return
	}
	v.CanSign = aw.Refusal == nil
	if rf := aw.Refusal; rf != nil {
		v.CannotSign = AwardRefusalText(z, *rf)
		v.CanReapprove = rf.Code == "stale"
	}
}

// AwardRefusalText is a refused signature's message in the reader's
// language.
func AwardRefusalText(z *i18n.Localizer, rf AwardRefusal) string {
	return z.T("award.refused."+rf.Code, map[string]any{"Roles": AwardRoles(z, rf.Awaiting), "N": z.Int(int64(rf.Required))})
}

// AwardBlockerLines word an awarded quote's blockers, each waived (with
// the reason) or open.
func AwardBlockerLines(z *i18n.Localizer, n AwardNames, quoteID int64, list []approval.AwardBlocker) []string {
	out := make([]string, 0, len(list))
	for _, b := range list {
		msg := z.T("bench.test." + b.ID)
		if b.Kind == "flag" {
			msg = n.Flag(quoteID, b.ID)
		}
		if b.Waived {
			out = append(out, z.T("award.blocker.waived", map[string]any{"Blocker": msg, "Reason": b.Reason}))
			continue
		}
		out = append(out, z.T("award.blocker.open", map[string]any{"Blocker": msg}))
	}
	return out
}

// AwardSignatures word each approver: name, role, time and reason.
func AwardSignatures(z *i18n.Localizer, list []approval.Signature) []string {
	out := make([]string, 0, len(list))
	for _, sg := range list {
		out = append(out, z.T("award.signature", map[string]any{"Name": sg.Name, "Email": sg.Email,
			"Role": z.T("role." + sg.Role), "At": z.DateTime(sg.At), "Reason": sg.Reason}))
	}
	return out
}

// AwardPlan says how many approve, in which order and which roles.
func AwardPlan(z *i18n.Localizer, p approval.Plan) string {
	if p.Required <= 1 && len(p.Roles) == 0 {
		return z.T("award.plan.one")
	}
	key := "award.plan.in_parallel"
	if p.Order == approval.InOrder {
		key = "award.plan.in_order"
	}
	roles := make([]string, p.Required)
	copy(roles, p.Roles)
	return z.T(key, map[string]any{"N": z.Int(int64(p.Required)), "Roles": AwardRoles(z, roles)})
}

// AwardRoles lists roles in the reader's language; "" is any approver.
func AwardRoles(z *i18n.Localizer, roles []string) string {
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

// awardNotPricedLines say which awarded quotes the analysis cannot price
// now, and what would price them.
func awardNotPricedLines(z *i18n.Localizer, n AwardNames, list []approval.NotPriced) []string {
	out := make([]string, 0, len(list))
	for _, np := range list {
		if np.Code == "no_rate" {
			out = append(out, z.T("award.not_priced.no_rate", map[string]any{"Provider": np.Provider, "From": np.Currency, "To": n.Currency}))
			continue
		}
		out = append(out, z.T("award.not_priced.unpriced", map[string]any{"Provider": np.Provider, "Reason": np.Reason}))
	}
	return out
}

// AwardChanges word each change since an approval: what changed by its
// label (with the quote's provider when it is one quote's), before → after.
func AwardChanges(z *i18n.Localizer, n AwardNames, list []approval.Change) []string {
	out := make([]string, 0, len(list))
	for _, c := range list {
		label := awardChangeLabel(z, c)
		if c.QuoteID != 0 {
			if p, ok := n.Priced(c.QuoteID); ok {
				label = p + " — " + label
			}
		}
		before, after := c.Before, c.After
		if before == "" {
			before = z.T("evaluation.approval.blank")
		}
		if after == "" {
			after = z.T("evaluation.approval.blank")
		}
		out = append(out, z.T("evaluation.approval.change", map[string]any{"What": label, "Before": awardChangeValue(z, c, before),
			"After": awardChangeValue(z, c, after)}))
	}
	return out
}

func awardChangeLabel(z *i18n.Localizer, c approval.Change) string {
	switch c.Kind {
	case "assumption":
		return z.T("worksheet.assumption." + c.Key)
	case "acceptance":
		return z.T("bench.test." + c.Key)
	case "fx":
		return z.T("award.change.fx", map[string]any{"Currency": c.Key})
	case "brief":
		return z.T("brief.field." + c.Key)
	case "value":
		return z.T("award.change.value")
	}
	return z.T("quote.term." + c.Key)
}

// awardChangeValue is a changed value in the reader's format: a number as
// a number, a contract value ("123.45 EUR") as money, a status by its
// label.
func awardChangeValue(z *i18n.Localizer, c approval.Change, v string) string {
	switch c.Kind {
	case "value":
		if amount, cur, ok := strings.Cut(v, " "); ok && len(cur) == 3 {
			return z.Money(amount, cur)
		}
	case "acceptance":
		return z.T("bench.suite_status." + v)
	}
	return z.Decimal(v)
}

// AwardSplitSentence words a suggested split: each provider's share and
// the combined cost per unit ("" when there is none).
func AwardSplitSentence(z *i18n.Localizer, n AwardNames, sp *scoring.Split, key string) string {
	if sp == nil {
		return ""
	}
	shares, cost := awardSplitWords(z, n, sp)
	return z.T(key, map[string]any{"Shares": shares, "Cost": cost})
}

// awardSplitWords are a split's shares ("Northwind 60 %, Acme 40 %") and
// its cost per unit.
func awardSplitWords(z *i18n.Localizer, n AwardNames, sp *scoring.Split) (shares, cost string) {
	var parts []string
	for _, sh := range sp.Shares {
		parts = append(parts, n.shareLine(z, sh.QuoteID, sh.SharePct))
	}
	return strings.Join(parts, ", "), awardMoney(z, tco.Money{Minor: sp.Figures.CostPerUnitMinor, Currency: n.Currency})
}

// AwardNoSplit words why no split meets the constraints, quote by quote,
// and the nearest split that can be found with the link that finds it.
func AwardNoSplit(z *i18n.Localizer, n AwardNames, evaluationID int64, verifiedOnly bool, why scoring.SplitWhy) (reasons []string, nearest, link string) {
	for _, ex := range why.Excluded {
		reasons = append(reasons, z.T("award.split.why."+ex.Reason, map[string]any{"Provider": ex.Provider,
			"Count": ex.Count, "Pct": ex.Pct, "From": ex.Currency, "To": ex.Target, "Detail": ex.Detail}))
	}
	if more := why.ExcludedTotal - len(why.Excluded); more > 0 {
		reasons = append(reasons, z.N("award.split.why_more", more))
	}
	if why.Nearest == nil {
		return reasons, z.T("award.split.no_nearest"), ""
	}
	key := "award.split.nearest"
	if verifiedOnly && !why.NearestVerified {
		key = "award.split.nearest_unverified"
	}
	shares, cost := awardSplitWords(z, n, why.Nearest)
	nearest = z.T(key, map[string]any{"Shares": shares, "Cost": cost, "Pct": z.Int(int64(why.NearestPct))})
	link = "/evaluations/" + strconv.FormatInt(evaluationID, 10) + "/decision?max_vendor_pct=" + strconv.Itoa(why.NearestPct)
	if why.NearestVerified {
		link += "&verified_fabric_only=1"
	}
	return reasons, nearest, link + "#awards"
}
