package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/testplan"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// VerdictInput is what the benchmark verdicts judge: the quote's terms,
// its evaluation's brief and its uploads, in upload order.
func VerdictInput(q quote.Quote, b brief.Brief, uploads []store.Benchmark) verdict.Input {
	in := verdict.Input{Quote: q, Brief: b, Uploads: make([]verdict.Upload, len(uploads))}
	for i, u := range uploads {
		in.Uploads[i] = verdict.Upload{Name: u.FileName, Result: u.Result, Withdrawn: u.WithdrawnAt != nil, Nodes: u.Meta.NodeIDs,
			Run: runInfo(u.Meta.Run)}
	}
	return in
}

// runInfo is what the verdicts read of an upload's run record (written by
// gpuquote collect): its hosts, times and exit status.
func runInfo(r *testplan.Run) *verdict.RunInfo {
	if r == nil {
		return nil
	}
	return &verdict.RunInfo{Test: r.Test, Hosts: r.Hosts, Start: r.Start, End: r.End, Exit: r.Exit, TimedOut: r.TimedOut}
}

// autoOutcomes turns the verdicts on a quote's uploads into automatic
// acceptance outcomes, each citing the upload it rests on.
func autoOutcomes(q quote.Quote, b brief.Brief, all []store.Benchmark) []store.AutoResult {
	rep := verdict.Evaluate(VerdictInput(q, b, all))
	out := make([]store.AutoResult, 0, len(rep.Tests))
	for _, o := range rep.Tests {
		ar := store.AutoResult{Test: string(o.Test), Status: acceptanceStatus(o.Status)}
		if o.Upload >= 0 {
			ar.EvidenceID = all[o.Upload].ID
		}
		out = append(out, ar)
	}
	return out
}

func acceptanceStatus(s verdict.Status) string {
	switch s {
	case verdict.Pass:
		return store.AcceptancePassed
	case verdict.Fail, verdict.Low:
		return store.AcceptanceFailed
	}
	return store.AcceptancePending
}

// autoToRecord is the rule on automatic outcomes: a verdict never
// overwrites a result or waiver a person entered (only a pending one),
// an unchanged status adds no row, and a pending outcome for a test never
// judged adds none either.
func autoToRecord(current map[string]store.AcceptanceResult, outcomes []store.AutoResult) []store.AutoResult {
	var out []store.AutoResult
	for _, ar := range outcomes {
		cur, had := current[ar.Test]
		switch {
		case had && !cur.Automatic && cur.Status != store.AcceptancePending:
		case had && cur.Status == ar.Status:
		case !had && ar.Status == store.AcceptancePending:
		default:
			out = append(out, ar)
		}
	}
	return out
}

// RejudgeQuote judges a quote's uploads again, on its terms and brief as
// tx sees them, and records the automatic outcomes that changed (see
// autoToRecord); changed names the upload being changed, for outcomes
// that cite none. Every change the outcomes depend on (an upload, a
// withdrawal, a quote's terms, the brief) runs it in its own Tx, so a
// stored "passed" never outlives what it was judged against.
func RejudgeQuote(ctx context.Context, tx *store.Store, by audit.Actor, quoteID, changed int64) error {
	sq, err := tx.Quote(ctx, quoteID)
	if err != nil {
		return err
	}
	b, err := tx.Brief(ctx, sq.EvaluationID)
	if err != nil {
		return err
	}
	all, err := tx.ListBenchmarks(ctx, quoteID)
	if err != nil || len(all) == 0 {
		return err
	}
	history, err := tx.AcceptanceHistory(ctx, quoteID)
	if err != nil {
		return err
	}
	for _, ar := range autoToRecord(store.CurrentAcceptance(history), autoOutcomes(sq.Quote, b.Data, all)) {
		if ar.EvidenceID == 0 {
			ar.EvidenceID = changed
		}
		if err := tx.RecordAutoAcceptance(ctx, by, quoteID, ar); err != nil {
			return err
		}
	}
	return nil
}
