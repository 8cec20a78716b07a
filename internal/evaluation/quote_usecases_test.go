package evaluation_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The quote page reads the quote, its revisions, its own flags from the
// kept analysis and its bench in one use case; the list and the API read
// the same quote as the list shows it.
func TestQuotePageAndListingReadOneQuote(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	p, err := f.svc.QuotePage(ctx, f.q.ID)
	if err != nil || p.Quote.ID != f.q.ID || p.Evaluation.ID != f.q.EvaluationID || len(p.Revisions) != 1 || p.Analysis == nil || p.Award != nil {
		t.Fatalf("page %+v %v", p, err)
	}
	if _, err := f.svc.QuotePage(ctx, f.q.ID+1000); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a missing quote: %v", err)
	}
	l, err := f.svc.ListedQuote(ctx, f.q.ID)
	if err != nil || l.Quote.ID != f.q.ID || len(l.Flags) != len(p.Flags) {
		t.Errorf("listed %+v %v", l, err)
	}
	qs, err := f.svc.ExportQuotes(ctx, f.q.EvaluationID)
	if err != nil || len(qs) != 1 || qs[0].Provider != f.q.Quote.Provider {
		t.Errorf("export %+v %v", qs, err)
	}
	d, err := f.svc.Analyze(ctx, f.q.EvaluationID)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.SortedQuotes(evaluation.QuoteSortKey("tco")); len(got) != 1 || got[0].ID != f.q.ID {
		t.Errorf("sorted %+v", got)
	}
	if evaluation.QuoteSortKey("id; drop") != "" {
		t.Error("an unknown sort column is accepted")
	}
	if g := d.Glance(time.Now()); g.Expiring != 0 || g.Blockers < 0 {
		t.Errorf("glance %+v", g)
	}
}

// An award's share travels to its quote, the approved award first; a
// direct award, a rejected one and another quote's say nothing.
func TestQuoteAwardInPrefersTheApprovedAward(t *testing.T) {
	award := func(status string, direct bool, quoteID int64, pct int) store.Award {
		return store.Award{Status: status, NewAward: store.NewAward{Direct: direct, Shares: []store.AwardShare{{QuoteID: quoteID, SharePct: pct}}}}
	}
	awards := []store.Award{award("awaiting_approval", false, 7, 40), award("approved", false, 7, 60), award("rejected", false, 8, 100), award("approved", true, 9, 100)}
	if got := evaluation.QuoteAwardIn(awards, 7); got == nil || got.SharePct != 60 || !got.Approved {
		t.Errorf("quote 7: %+v", got)
	}
	for _, id := range []int64{8, 9, 10} {
		if got := evaluation.QuoteAwardIn(awards, id); got != nil {
			t.Errorf("quote %d: %+v", id, got)
		}
	}
}

// The import preview reads the file, plans it against the held quotes and
// flags each row; a file without a quote or with a bad row is refused.
func TestPreviewImportFilePlansAndFlags(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	csv := h100Quote + "Beta,on_demand,USD,H200,sxm,141,8,1,nvswitch,efa\n"
	pv, err := f.svc.PreviewImportFile(ctx, f.q.EvaluationID, []byte(csv), quote.ImportRevise)
	if err != nil || len(pv.Rows) != 2 || len(pv.Flags) != 2 || pv.Plan.New+pv.Plan.Unchanged+pv.Plan.Revisions != 2 || pv.Limit != nil {
		t.Fatalf("preview %+v %v", pv, err)
	}
	if pv.Lines[1] != 3 {
		t.Errorf("lines %v", pv.Lines)
	}
	if _, err := f.svc.PreviewImportFile(ctx, f.q.EvaluationID, []byte(h100Quote[:strings.Index(h100Quote, "\n")+1]), quote.ImportRevise); !errors.Is(err, evaluation.ErrNoQuotes) {
		t.Errorf("an empty file: %v", err)
	}
	var ie *quote.ImportError
	if _, err := f.svc.PreviewImportFile(ctx, f.q.EvaluationID, []byte("provider,nodes\nX,many\n"), quote.ImportRevise); !errors.As(err, &ie) {
		t.Errorf("a bad row: %v", err)
	}
}

// Asking for the shortlist state a quote is already in is no error.
func TestPutShortlistMayBeRetried(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	for range 2 {
		ev, status, err := f.svc.PutShortlist(ctx, f.u.Actor(), f.q.ID, true)
		if err != nil || ev != f.q.EvaluationID || status != "shortlisted" {
			t.Fatalf("on: %d %q %v", ev, status, err)
		}
	}
	if _, status, err := f.svc.PutShortlist(ctx, f.u.Actor(), f.q.ID, false); err != nil || status == "shortlisted" {
		t.Errorf("off: %q %v", status, err)
	}
}

// A page of the evaluations list past the last is the first.
func TestEvaluationsPagePastTheLastIsTheFirst(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	list, err := f.svc.EvaluationsPage(context.Background(), false, 99)
	if err != nil || list.Page != 1 || len(list.Summaries) != 1 {
		t.Errorf("list %+v %v", list, err)
	}
}

func TestStatusKeyIsTheFurthestStage(t *testing.T) {
	empty := brief.Score(brief.Brief{}) // not ready to reserve
	for _, c := range []struct {
		e     store.EvaluationSummary
		stale bool
		want  string
	}{
		{store.EvaluationSummary{}, false, "evaluation.status.drafting_brief"},
		{store.EvaluationSummary{HasQuotes: true}, false, "evaluation.status.collecting_quotes"},
		{store.EvaluationSummary{HasQuotes: true, HasBenchmarks: true}, false, "evaluation.status.testing"},
		{store.EvaluationSummary{Approved: true}, false, "evaluation.status.approved"},
		{store.EvaluationSummary{Approved: true}, true, "evaluation.status.stale"},
		{store.EvaluationSummary{Evaluation: store.Evaluation{Archived: true}, Approved: true}, true, "evaluation.status.archived"},
	} {
		if got := evaluation.StatusKey(c.e, empty, c.stale); got != c.want {
			t.Errorf("%+v stale %v: %s, want %s", c.e, c.stale, got, c.want)
		}
	}
}
