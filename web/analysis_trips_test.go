package web_test

import (
	"context"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// tripCounter counts round trips to the database: a statement sent alone
// is one, a whole batch is one.
type tripCounter struct{ trips atomic.Int64 }

func (c *tripCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.trips.Add(1)
	return ctx
}
func (c *tripCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (c *tripCounter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	c.trips.Add(1)
	return ctx
}
func (c *tripCounter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (c *tripCounter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

// The analysis reads its snapshot in one batch: the revision check, the
// transaction's begin, the batch and the commit, where it took 17 round
// trips before; a kept analysis costs the revision check alone.
func TestAnalysisReadsInOneRoundTrip(t *testing.T) {
	t.Parallel()
	tc := &tripCounter{}
	a := newAppTracedBy(t, tc)
	c, _ := a.login("buyer@example.com", auth.Procurement)
	id, err := strconv.ParseInt(strings.TrimPrefix(importExample(t, a, c, "Trips"), "/evaluations/"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	svc := evaluation.New(a.store)
	if _, err := svc.Analyze(context.Background(), id); err != nil { // fills the price reference cache
		t.Fatal(err)
	}
	if _, err := a.pool.Exec(context.Background(), `UPDATE quotes SET terms = terms WHERE evaluation_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	tc.trips.Store(0)
	an, err := svc.Analyze(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if n := tc.trips.Load(); n > 4 {
		t.Errorf("the analysis took %d round trips, want 4 (revision, begin, one batch, commit)", n)
	}
	if len(an.All) == 0 || an.Evaluation.ID != id || an.Brief.Data == nil {
		t.Errorf("the snapshot lost its reads: %d quotes, evaluation %d", len(an.All), an.Evaluation.ID)
	}
	tc.trips.Store(0)
	if kept, err := svc.Analyze(context.Background(), id); err != nil || kept != an {
		t.Fatalf("unchanged inputs analysed again (err %v)", err)
	}
	if n := tc.trips.Load(); n != 1 {
		t.Errorf("a kept analysis took %d round trips, want 1 (the revision)", n)
	}
}

// Once its analysis is kept, a page of the evaluation reads the session
// and the revision, nothing more: the awards come with the analysis (an
// award or a signature moves its revision) and a baseline is read only
// for a re-bid. Each other read was a tenth of such a page's time under
// load.
func TestKeptEvaluationPagesReadTheSessionAndTheRevisionOnly(t *testing.T) {
	t.Parallel()
	tc := &tripCounter{}
	a := newAppTracedBy(t, tc)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	mgr, _ := a.login("manager@example.com", auth.Manager)
	ev := importExample(t, a, buyer, "Trips per page")
	for _, path := range []string{ev, ev + "/decision", ev + "/worksheet"} {
		wantStatus(t, mgr.get(path), 200) // keeps the analysis and the page's parts
		tc.trips.Store(0)
		wantStatus(t, mgr.get(path), 200)
		if n := tc.trips.Load(); n != 2 {
			t.Errorf("%s took %d round trips once kept, want 2 (the session, the revision)", path, n)
		}
	}
}

// The evaluations list reads the session, a page of summaries (with where
// each decision stands) and the alert board's contracts and settings in
// one batch: three round trips, whatever the number of evaluations (it
// took six).
func TestEvaluationsListReadsInThreeRoundTrips(t *testing.T) {
	t.Parallel()
	tc := &tripCounter{}
	a := newAppTracedBy(t, tc)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	importExample(t, a, buyer, "One")
	importExample(t, a, buyer, "Two")
	wantStatus(t, buyer.get("/evaluations"), 200)
	tc.trips.Store(0)
	wantStatus(t, buyer.get("/evaluations"), 200)
	if n := tc.trips.Load(); n != 3 {
		t.Errorf("the evaluations list took %d round trips, want 3 (the session, the summaries, the alert board)", n)
	}
}

// The quote list reads the session, the rounds due to open, the revision
// and the sealed rounds: the evaluation is not read on its own (the
// analysis has it), and a missing one is still 404.
func TestQuoteListReadsInFourRoundTrips(t *testing.T) {
	t.Parallel()
	tc := &tripCounter{}
	a := newAppTracedBy(t, tc)
	buyer, _ := a.login("buyer@example.com", auth.Procurement)
	ev := importExample(t, a, buyer, "Listed")
	wantStatus(t, buyer.get(ev+"/quotes"), 200)
	tc.trips.Store(0)
	wantStatus(t, buyer.get(ev+"/quotes"), 200)
	if n := tc.trips.Load(); n != 4 {
		t.Errorf("the quote list took %d round trips once kept, want 4", n)
	}
	wantStatus(t, buyer.get("/evaluations/999999/quotes"), 404)
}
