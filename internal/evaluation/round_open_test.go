package evaluation_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// The opening rules (moved here from the store with the rules
// themselves): a round opens once, at its deadline or early, and each
// answer becomes a quote or a best-and-final revision.

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

func roundUser(t *testing.T, st *store.Store, email string, role auth.Role) store.User {
	t.Helper()
	u, err := st.CreateUser(context.Background(), audit.Actor{Email: "test"}, store.User{Email: email, Name: "N", Role: role, PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func vendorQuote(provider, price string) quote.Quote {
	q, errs := quote.ParseCells(map[string]string{"provider": provider, "rental_model": "reserved", "gpu_model": "H100",
		"currency": "USD", "price_per_gpu_hour": price, "gpus_per_node": "8", "nodes": "2"})
	if len(errs) > 0 {
		panic(errs[0].Error())
	}
	return q
}

// roundWith opens a round with two vendors, deadline at dl.
func roundWith(t *testing.T, st *store.Store, dl time.Time) (store.User, store.RFQ, []store.Invitation) {
	t.Helper()
	ctx := context.Background()
	u := roundUser(t, st, "buyer@example.com", auth.Procurement)
	e, err := st.CreateEvaluation(ctx, u.Actor(), "Sourcing")
	if err != nil {
		t.Fatal(err)
	}
	r, err := st.CreateRFQ(ctx, u.Actor(), store.NewRFQ{EvaluationID: e.ID, Deadline: dl, TimeZone: "Europe/Berlin", GraceHours: 24,
		Invitations: []store.NewInvitation{
			{Vendor: rfq.Vendor{Company: "Alpha GPU", Email: "a@alpha.example", Language: "en"}, TokenHash: auth.HashToken("tok-a")},
			{Vendor: rfq.Vendor{Company: "Beta Cloud", Email: "b@beta.example", Language: "ru"}, TokenHash: auth.HashToken("tok-b")},
		}})
	if err != nil {
		t.Fatal(err)
	}
	invs, err := st.Invitations(ctx, r.ID)
	if err != nil || len(invs) != 2 {
		t.Fatalf("invitations: %v %v", invs, err)
	}
	return u, r, invs
}

func TestSubmissionsAreSealedUntilTheDeadline(t *testing.T) {
	t.Parallel()
	dl := time.Date(2026, 12, 8, 17, 0, 0, 0, time.UTC)
	c := &clock{t: dl.Add(-time.Hour)}
	st, pool := storetest.New(t, c.now)
	svc := evaluation.New(st)
	ctx := context.Background()
	_, r, invs := roundWith(t, st, dl)
	for i, price := range []string{"2.10", "3.40"} {
		if err := st.SaveDraft(ctx, invs[i].ID, vendorQuote(invs[i].Company, price)); err != nil {
			t.Fatal(err)
		}
		if _, _, err := st.Submit(ctx, invs[i].ID); err != nil {
			t.Fatal(err)
		}
	}
	// Before the deadline: opening due rounds opens nothing; no quote, no
	// price in the audit log; the buyer sees who submitted.
	if n, err := svc.OpenDue(ctx, r.EvaluationID); err != nil || n != 0 {
		t.Fatalf("OpenDue before the deadline: %d %v", n, err)
	}
	if qs, _ := st.ListQuotes(ctx, r.EvaluationID); len(qs) != 0 {
		t.Fatalf("quotes before the deadline: %d", len(qs))
	}
	var leaks int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE after::text LIKE '%2.1%' OR after::text LIKE '%3.4%'`).Scan(&leaks); err != nil || leaks != 0 {
		t.Fatalf("audit rows carrying a sealed price: %d %v", leaks, err)
	}
	invs, _ = st.Invitations(ctx, r.ID)
	for _, i := range invs {
		if i.Status != rfq.Submitted || i.SubmittedAt == nil || i.Revisions != 1 {
			t.Errorf("%s: status %s rev %d", i.Company, i.Status, i.Revisions)
		}
	}
	// After it: opened once, however many readers race to open it.
	c.set(dl.Add(time.Second))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); _, _ = svc.OpenDue(ctx, r.EvaluationID) }()
	}
	wg.Wait()
	qs, err := st.ListQuotes(ctx, r.EvaluationID)
	if err != nil || len(qs) != 2 {
		t.Fatalf("quotes after the deadline: %d %v", len(qs), err)
	}
	if qs[0].ProviderName != "Alpha GPU" || !strings.Contains(quote.Cells(qs[1].Quote)["price_per_gpu_hour"], "3.4") {
		t.Errorf("quotes: %s %v", qs[0].ProviderName, quote.Cells(qs[1].Quote)["price_per_gpu_hour"])
	}
	src, err := st.QuoteSources(ctx, r.EvaluationID)
	if err != nil || len(src[qs[0].ID]) != 1 || src[qs[0].ID][0].Revision != 1 || src[qs[0].ID][0].Company != "Alpha GPU" {
		t.Fatalf("provenance: %+v %v", src, err)
	}
	if _, _, err := st.Submit(ctx, invs[0].ID); !errors.Is(err, rfq.ErrClosed) {
		t.Errorf("submit after the opening: %v", err)
	}
}

func TestOpenEarlyAndBestAndFinal(t *testing.T) {
	t.Parallel()
	dl := time.Date(2026, 12, 8, 17, 0, 0, 0, time.UTC)
	c := &clock{t: dl.Add(-48 * time.Hour)}
	st, _ := storetest.New(t, c.now)
	svc := evaluation.New(st)
	ctx := context.Background()
	u, r, invs := roundWith(t, st, dl)
	if err := st.SaveDraft(ctx, invs[0].ID, vendorQuote("Alpha GPU", "2.10")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Submit(ctx, invs[0].ID); err != nil {
		t.Fatal(err)
	}
	m := roundUser(t, st, "m@example.com", auth.Manager)
	if n, err := svc.OpenEarly(ctx, m.Actor(), r.ID, "board meets tomorrow"); err != nil || n != 1 {
		t.Fatalf("open early: %d %v", n, err)
	}
	if _, err := svc.OpenEarly(ctx, m.Actor(), r.ID, "again"); !errors.Is(err, rfq.ErrNotSealed) {
		t.Fatalf("second opening: %v", err)
	}
	qs, _ := st.ListQuotes(ctx, r.EvaluationID)
	if len(qs) != 1 {
		t.Fatalf("quotes after opening early: %d", len(qs))
	}
	// Best and final: the answer becomes revision 2 of the same quote.
	r2, err := st.CreateRFQ(ctx, u.Actor(), store.NewRFQ{EvaluationID: r.EvaluationID, ParentID: r.ID, Deadline: dl.Add(24 * time.Hour), TimeZone: "UTC",
		Invitations: []store.NewInvitation{{Vendor: rfq.Vendor{Company: "Alpha GPU", Email: "a@alpha.example", Language: "en"},
			TokenHash: auth.HashToken("tok-a2"), QuoteID: qs[0].ID}}})
	if err != nil || r2.Round != 2 {
		t.Fatalf("round 2: %+v %v", r2, err)
	}
	inv2, _ := st.Invitations(ctx, r2.ID)
	if err := st.SaveDraft(ctx, inv2[0].ID, vendorQuote("Alpha GPU", "1.90")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Submit(ctx, inv2[0].ID); err != nil {
		t.Fatal(err)
	}
	c.set(dl.Add(25 * time.Hour))
	if n, err := svc.OpenDue(ctx, 0); err != nil || n != 1 {
		t.Fatalf("open round 2: %d %v", n, err)
	}
	revs, err := st.Revisions(ctx, qs[0].ID)
	if err != nil || len(revs) != 2 {
		t.Fatalf("revisions: %d %v", len(revs), err)
	}
	diff := quote.Diff(revs[0].Quote, revs[1].Quote)
	if len(diff) != 1 || diff[0].Column != "price_per_gpu_hour" {
		t.Errorf("diff against the first offer: %+v", diff)
	}
}
