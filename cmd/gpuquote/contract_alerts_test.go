package main

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/mail"
	"github.com/gpuquote/gpuquote/internal/mail/mailtest"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// TestNoticeAlertsGoOutOnceFromTwoInstances runs two instances (two pools
// on one database, each with its own alert check and mail worker) against
// a real SMTP server: each alert is mailed exactly once however often and
// however concurrently they check; a later offset goes out when its day
// comes; a version that moves the dates re-arms the offsets ahead of them.
func TestNoticeAlertsGoOutOnceFromTwoInstances(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	u := storetest.NewDB(t)
	ctx := context.Background()
	var sts []*store.Store
	for range 2 {
		pool, err := store.OpenPool(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		sts = append(sts, store.New(pool, clock))
	}
	st := sts[0]
	owner, err := st.CreateUser(ctx, audit.Actor{Email: "test"}, store.User{Email: "owner@example.com", Name: "O", Role: auth.Procurement, PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	id := draftedContract(t, st, owner)
	srv := mailtest.Start(t, mailtest.Options{})
	check := func() {
		var wg sync.WaitGroup
		for _, s := range sts {
			for range 3 {
				wg.Go(func() {
					if _, err := evaluation.New(s).QueueNoticeAlerts(ctx); err != nil {
						t.Error(err)
					}
					w := &mail.Worker{Outbox: outbox{s}, Transport: mail.NewSender(srv.Config(t, "smtp")), Now: s.Now}
					w.Drain(ctx)
				})
			}
		}
		wg.Wait()
	}
	subjects := func() []string {
		var out []string
		for _, m := range srv.Got() {
			for _, line := range strings.Split(string(m.Data), "\n") {
				if strings.HasPrefix(line, "Subject:") {
					out = append(out, strings.TrimSpace(strings.TrimPrefix(line, "Subject:")))
				}
			}
		}
		return out
	}

	// Start 2026-01-01, 6 months, 30 days' notice: cancel-by 2026-06-01,
	// end 2026-07-01. On 2026-03-10 the 120-day alerts of both are due.
	check()
	check()
	if got := subjects(); len(got) != 2 {
		t.Fatalf("on 2026-03-10: %d mails %q, want the two 120-day alerts", len(got), got)
	}
	mu.Lock()
	now = time.Date(2026, 5, 3, 9, 0, 0, 0, time.UTC)
	mu.Unlock()
	check()
	// The 30-day reminder was due on 2026-05-02; sent a day late, it says
	// the days really left.
	if got := subjects(); len(got) != 3 || !strings.Contains(got[2], "cancel-by date in 29 days") {
		t.Fatalf("on 2026-05-03: %q, want the 30-day cancel-by alert once", got)
	}
	// A seventh month moves cancel-by to 2026-07-02: its 30-day alert
	// is armed again and goes out on 2026-06-02.
	if _, err := evaluation.New(st).ReviseContract(ctx, owner, id, evaluation.ContractChange{Reason: "extended",
		Fields: map[string]json.RawMessage{"term_months": json.RawMessage("7")}}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	now = time.Date(2026, 6, 2, 9, 0, 0, 0, time.UTC)
	mu.Unlock()
	check()
	check()
	if got := subjects(); len(got) != 4 || !strings.Contains(got[3], "cancel-by date in 30 days") {
		t.Fatalf("after the move: %q, want one more 30-day cancel-by alert", got)
	}
}

// draftedContract stores an active contract owned by owner.
func draftedContract(t *testing.T, st *store.Store, owner store.User) int64 {
	t.Helper()
	ctx := context.Background()
	e, err := st.CreateEvaluation(ctx, owner.Actor(), "Alerts")
	if err != nil {
		t.Fatal(err)
	}
	qs, _ := quote.ReadCSV(strings.NewReader("provider,rental_model,currency\nAcme,reserved,USD\n"))
	ids, err := st.ImportQuotes(ctx, owner.Actor(), e.ID, qs)
	if err != nil {
		t.Fatal(err)
	}
	aw, err := st.RecordAward(ctx, owner.Actor(), store.NewAward{EvaluationID: e.ID, Shares: []store.AwardShare{{QuoteID: ids[0], SharePct: 100}},
		Reason: "r", Currency: "USD", ContractValue: "1.00", CostPerUnit: "1.00", RequiredApprovers: 1})
	if err != nil {
		t.Fatal(err)
	}
	sq, err := st.Quote(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	terms, _ := json.Marshal(evaluation.ContractTerms{StartDate: contract.NewDate(2026, 1, 1), TermMonths: 6, NoticeDays: 30, Zone: "UTC",
		Activated: true, Capacity: contract.Capacity{GPUs: 8, GPUsPerNode: 8}})
	id, err := st.InsertContract(ctx, store.NewContract{AwardID: aw.ID, QuoteID: sq.ID, QuoteRevision: sq.Version, EvaluationID: e.ID,
		ProviderID: sq.ProviderID, Vendor: sq.ProviderName, Currency: "USD", OwnerID: owner.ID, Terms: terms,
		DatesSince: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}, owner.ID, "test")
	if err != nil {
		t.Fatal(err)
	}
	return id
}
