package evaluation

import (
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/decision"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// benchmarkFacts are what the trial clusters showed: a passed multi-node
// all-reduce on any quote, and the suite results of the quotes under
// consideration (the shortlist, or every quote while it is empty).
func (a *Analysis) benchmarkFacts() decision.Benchmark {
	var b decision.Benchmark
	for _, sq := range a.Quotes {
		nodes, _ := sq.Quote.Nodes.Get()
		if nodes > 1 && a.Suites[sq.ID]["nccl_allreduce"].Status == store.AcceptancePassed {
			b.MultiNodeAllReducePassed = true
		}
	}
	considered := func(id int64) bool { return len(a.Shortlist) == 0 || a.Shortlist[id].Status != "" }
	for id, suite := range a.Suites {
		if !considered(id) || a.Shortlist[id].Status == "rejected" {
			continue
		}
		c := store.Count(suite)
		b.SuitePassed += c.Passed
		b.SuiteFailed += c.Failed
	}
	return b
}

// OpenBlockers are a quote's blocker flags without a waiver and its failed
// acceptance tests (a failed test is waived in the suite, with a reason).
func (a *Analysis) OpenBlockers(quoteID int64) []approval.Blocker {
	var out []approval.Blocker
	for _, test := range store.AcceptanceTests {
		if r, ok := a.Suites[quoteID][test]; ok && r.Status == store.AcceptanceFailed {
			out = append(out, approval.Blocker{Kind: "test", ID: test, Message: r.Note})
		}
	}
	for _, f := range a.Flags[quoteID] {
		if f.Severity != redflag.Blocker {
			continue
		}
		if _, ok := a.Waivers[quoteID][f.ID]; ok {
			continue
		}
		out = append(out, approval.Blocker{Kind: "flag", ID: f.ID, Message: f.Message})
	}
	return out
}

// CurrentApproval is the newest decision record if it is an approval
// still in force.
func (a *Analysis) CurrentApproval() *store.DecisionRecord {
	for i, d := range a.Decisions {
		switch d.Kind {
		case approval.Approve:
			if e, ok := a.Shortlist[d.QuoteID]; ok && e.Status == "approved" {
				return &a.Decisions[i]
			}
			return nil
		case approval.Revoke:
			return nil
		}
	}
	return nil
}

// InputsHash fingerprints the quote's current terms and the evaluation's
// assumptions, to tell a decision gone stale.
func (a *Analysis) InputsHash(q quote.Quote) string { return inputsHash(a.A, q) }

func inputsHash(a tco.Assumptions, q quote.Quote) string {
	assumptions := map[string]string{}
	for _, key := range tco.Editable {
		if f, ok := a.Field(key); ok {
			assumptions[key] = AssumptionText(key, f.Value)
		}
	}
	return approval.InputsHash(quote.Cells(q), assumptions)
}

// ApprovalStale reports whether the approval in force no longer matches
// its quote's terms or the assumptions.
func (a *Analysis) ApprovalStale() bool {
	cur := a.CurrentApproval()
	if cur == nil {
		return false
	}
	sq, _, ok := a.Quote(cur.QuoteID)
	return ok && cur.InputsHash != a.InputsHash(sq.Quote)
}

// AssumptionText is an assumption's value as typed on the worksheet page
// (utilisation in percent), without trailing zeros.
func AssumptionText(key string, v float64) string {
	if key == "utilisation" {
		v *= 100
	}
	s := strconv.FormatFloat(v, 'f', 6, 64)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}
