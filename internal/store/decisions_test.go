package store_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

func TestConcurrentApprovalsYieldExactlyOne(t *testing.T) {
	t.Parallel()
	st, pool := storetest.New(t, nil)
	ctx := context.Background()
	author := newUser(t, st, "author@example.com", auth.Procurement)
	m1 := newUser(t, st, "m1@example.com", auth.Manager)
	m2 := newUser(t, st, "m2@example.com", auth.Manager)
	e, _ := st.CreateEvaluation(ctx, author.Actor(), "F5")
	qs, _ := quote.ReadCSV(strings.NewReader("provider,rental_model,currency\nAcme,reserved,USD\nBeta,reserved,USD\n"))
	ids, err := st.ImportQuotes(ctx, author.Actor(), e.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if err := st.SetShortlisted(ctx, author.Actor(), id, true); err != nil {
			t.Fatal(err)
		}
	}
	rec := func(quoteID int64) store.DecisionRecord {
		return store.DecisionRecord{EvaluationID: e.ID, QuoteID: quoteID, Kind: approval.Approve, Reason: "cheapest per run",
			Snapshot: approval.Snapshot{QuoteID: quoteID}, ContentHash: "h", InputsHash: "i", QuoteVersion: 1}
	}
	var ok, conflicts atomic.Int32
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			by := m1
			if i%2 == 1 {
				by = m2
			}
			_, err := st.Decide(ctx, by.Actor(), rec(ids[i%2]))
			switch {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, store.ErrConflict):
				conflicts.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 1 || conflicts.Load() != 19 {
		t.Fatalf("approvals %d, conflicts %d", ok.Load(), conflicts.Load())
	}
	var audits int
	pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'quote.approve'`).Scan(&audits)
	if audits != 1 {
		t.Errorf("audit rows = %d", audits)
	}
	// The quote left on the shortlist can still be rejected.
	sl, _ := st.Shortlist(ctx, e.ID)
	other := ids[0]
	if sl[other].Status == "approved" {
		other = ids[1]
	}
	if _, err := st.Decide(ctx, author.Actor(), store.DecisionRecord{EvaluationID: e.ID, QuoteID: other, Kind: approval.Reject,
		Reason: "x", ContentHash: "h", InputsHash: "i", QuoteVersion: 1}); err != nil {
		t.Fatalf("reject: %v", err)
	}
	// Decision records are append-only.
	_, err = pool.Exec(ctx, `UPDATE decisions SET reason = 'forged'`)
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "42501" {
		t.Errorf("update of a decision: %v", err)
	}
	list, _ := st.Decisions(ctx, e.ID)
	if len(list) != 2 || list[0].Kind != approval.Reject {
		t.Errorf("decisions = %+v", list)
	}
}

func TestDecisionRefusedWhenTheQuoteMovedMeanwhile(t *testing.T) {
	t.Parallel()
	st, _ := storetest.New(t, nil)
	ctx := context.Background()
	author := newUser(t, st, "a@example.com", auth.Procurement)
	mgr := newUser(t, st, "m@example.com", auth.Manager)
	e, _ := st.CreateEvaluation(ctx, author.Actor(), "Moved")
	qs, _ := quote.ReadCSV(strings.NewReader("provider,rental_model,currency\nAcme,reserved,USD\n"))
	ids, _ := st.ImportQuotes(ctx, author.Actor(), e.ID, qs)
	st.SetShortlisted(ctx, author.Actor(), ids[0], true)
	// The approver checked version 1; the author saves version 2 before
	// the approval commits (say, refusing the egress price).
	if _, err := st.UpdateQuote(ctx, author.Actor(), ids[0], 1, qs[0]); err != nil {
		t.Fatal(err)
	}
	rec := store.DecisionRecord{EvaluationID: e.ID, QuoteID: ids[0], Kind: approval.Approve, Reason: "r", ContentHash: "h", InputsHash: "i", QuoteVersion: 1}
	if _, err := st.Decide(ctx, mgr.Actor(), rec); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("approval against a stale version: %v", err)
	}
}
