package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// A re-approval is a revocation and an approval in one transaction: when
// the approval is refused (here the quote changed since it was checked),
// the revocation is not kept either; when it passes, both are recorded.
func TestDecideInTurnIsAllOrNothing(t *testing.T) {
	t.Parallel()
	st, pool := storetest.New(t, nil)
	ctx := context.Background()
	author := newUser(t, st, "author@example.com", auth.Procurement)
	m := newUser(t, st, "m@example.com", auth.Manager)
	e, _ := st.CreateEvaluation(ctx, author.Actor(), "Re-approve")
	qs, _ := quote.ReadCSV(strings.NewReader("provider,rental_model,currency\nAcme,reserved,USD\n"))
	ids, err := st.ImportQuotes(ctx, author.Actor(), e.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetShortlisted(ctx, author.Actor(), ids[0], true); err != nil {
		t.Fatal(err)
	}
	rec := func(kind string, version int) store.DecisionRecord {
		return store.DecisionRecord{EvaluationID: e.ID, QuoteID: ids[0], Kind: kind, Reason: "terms changed",
			Snapshot: approval.Snapshot{QuoteID: ids[0]}, ContentHash: "h", InputsHash: "i", QuoteVersion: version}
	}
	if _, err := st.Decide(ctx, m.Actor(), rec(approval.Approve, 1)); err != nil {
		t.Fatal(err)
	}
	count := func() (n int) {
		pool.QueryRow(ctx, `SELECT count(*) FROM decisions WHERE quote_id = $1`, ids[0]).Scan(&n)
		return n
	}
	_, err = st.DecideInTurn(ctx, m.Actor(), []store.DecisionRecord{rec(approval.Revoke, 1), rec(approval.Approve, 2)})
	if !errors.Is(err, store.ErrConflict) {
		t.Fatalf("refused approval: %v", err)
	}
	if sl, _ := st.Shortlist(ctx, e.ID); sl[ids[0]].Status != "approved" || count() != 1 {
		t.Fatalf("the revocation was kept: %s, %d records", sl[ids[0]].Status, count())
	}
	out, err := st.DecideInTurn(ctx, m.Actor(), []store.DecisionRecord{rec(approval.Revoke, 1), rec(approval.Approve, 1)})
	if err != nil || len(out) != 2 || out[1].ID <= out[0].ID {
		t.Fatalf("re-approval %+v %v", out, err)
	}
	if sl, _ := st.Shortlist(ctx, e.ID); sl[ids[0]].Status != "approved" || count() != 3 {
		t.Errorf("after re-approval: %s, %d records", sl[ids[0]].Status, count())
	}
}
