package evaluation_test

import (
	"context"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// Re-approving a stale award records a new award for the same quote: its
// approval finds the quote's contract and carries it over, with a new
// version for the changed rate, never a second contract; re-approving on
// unchanged terms adds no version.
func TestReapprovalKeepsOneContractPerQuote(t *testing.T) {
	t.Parallel()
	st, svc, p, c := approvedContract(t)
	ctx := context.Background()
	m2 := newUser(t, st, "m2@example.com", auth.Manager)
	if _, err := svc.ReviseContract(ctx, p, c.ID, evaluation.ContractChange{Reason: "signed copy received", Fields: fields(t, `{"notice_days": 45}`)}); err != nil {
		t.Fatal(err)
	}
	sq, err := st.Quote(ctx, c.QuoteID)
	if err != nil {
		t.Fatal(err)
	}
	q := sq.Quote
	q.PricePerGPUHour = quote.Of(mustDecimal(t, "2.50"))
	if _, err := st.UpdateQuote(ctx, p.Actor(), c.QuoteID, sq.Version, q); err != nil {
		t.Fatal(err)
	}
	a, err := svc.ReapproveAward(ctx, m2, c.AwardID, "new rate accepted")
	if err != nil || a.Status != "approved" || a.AwardID == c.AwardID {
		t.Fatalf("re-approve: %+v %v", a, err)
	}
	all, err := svc.Contracts(ctx, store.ContractFilter{QuoteID: c.QuoteID})
	if err != nil || len(all) != 1 {
		t.Fatalf("contracts of the quote after the re-approval: %d %v", len(all), err)
	}
	got := all[0]
	if got.ID != c.ID || got.AwardID != a.AwardID || got.Version != 3 || got.QuoteRevision != 2 || got.NoticeDays != 45 {
		t.Errorf("carried over: id %d award %d version %d revision %d notice %d", got.ID, got.AwardID, got.Version, got.QuoteRevision, got.NoticeDays)
	}
	for _, ch := range got.Charges {
		if ch.Name == "GPU-hours" && ch.Rate.String() != "2.5" {
			t.Errorf("the re-approved rate: %s", ch.Rate)
		}
	}
	vs, err := svc.ContractVersions(ctx, c.ID)
	if err != nil || len(vs) != 3 || vs[0].Reason == "" {
		t.Fatalf("versions %+v %v", vs, err)
	}

	// Drafting the new award again is refused and changes nothing.
	if _, err := svc.DraftContracts(ctx, p, a.AwardID); err == nil {
		t.Errorf("drafting an award with its contract again succeeded")
	}
	again, err := svc.Contracts(ctx, store.ContractFilter{QuoteID: c.QuoteID})
	if err != nil || len(again) != 1 || again[0].Version != 3 {
		t.Fatalf("after a second draft: %+v %v", again, err)
	}
}
