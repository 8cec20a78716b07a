package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

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
	u := newUser(t, st, "buyer@example.com", auth.Procurement)
	e, err := st.CreateEvaluation(ctx, u.Actor(), "Sourcing")
	if err != nil {
		t.Fatal(err)
	}
	r, err := st.CreateRFQ(ctx, u.Actor(), store.NewRFQ{EvaluationID: e.ID, Deadline: dl, TimeZone: "Europe/Berlin", GraceHours: 24,
		Invitations: []store.NewInvitation{
			{Vendor: rfq.Vendor{Company: "Alpha GPU", Email: "a@alpha.example", Language: "en"}, TokenHash: auth.HashToken("tok-a"),
				Mail: &store.Mail{Kind: "invitation", To: "a@alpha.example", Subject: "s", Body: "link"}},
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

func TestSubmissionOneSecondLateIsRefusedAndTheDraftKept(t *testing.T) {
	t.Parallel()
	dl := time.Date(2026, 12, 8, 17, 0, 0, 0, time.UTC)
	c := &clock{t: dl.Add(-time.Hour)}
	st, _ := storetest.New(t, c.now)
	ctx := context.Background()
	_, _, invs := roundWith(t, st, dl)
	a := invs[0]
	if _, _, err := st.Submit(ctx, a.ID); !errors.Is(err, rfq.ErrNoDraft) {
		t.Fatalf("submit without a draft: %v", err)
	}
	if err := st.SaveDraft(ctx, a.ID, vendorQuote("Alpha GPU", "2.10")); err != nil {
		t.Fatal(err)
	}
	c.set(dl) // the deadline's own second still counts
	if rev, _, err := st.Submit(ctx, a.ID); err != nil || rev != 1 {
		t.Fatalf("submit at the deadline: rev %d, %v", rev, err)
	}
	if err := st.SaveDraft(ctx, a.ID, vendorQuote("Alpha GPU", "1.95")); err != nil {
		t.Fatal(err)
	}
	c.set(dl.Add(time.Second))
	if _, _, err := st.Submit(ctx, a.ID); !errors.Is(err, rfq.ErrPastDeadline) {
		t.Fatalf("submit one second late: %v, want ErrPastDeadline", err)
	}
	d, err := st.Draft(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := d.Draft.PricePerGPUHour.Get(); p.String() != "1.95" {
		t.Errorf("draft after the refusal: %v, want the 1.95 draft kept", p)
	}
	if p, _ := d.Submitted.PricePerGPUHour.Get(); p.String() != "2.1" || d.Revision != 1 {
		t.Errorf("submission: %v rev %d, want 2.1 rev 1", p, d.Revision)
	}
}

func TestOutboxRetriesAndErasesTheLink(t *testing.T) {
	t.Parallel()
	c := &clock{t: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	st, pool := storetest.New(t, c.now)
	ctx := context.Background()
	_, _, invs := roundWith(t, st, c.t.Add(72*time.Hour))
	ms, err := st.ClaimMail(ctx, 10, time.Minute)
	if err != nil || len(ms) != 1 || ms[0].To != "a@alpha.example" || ms[0].Attempts != 1 {
		t.Fatalf("claim: %+v %v", ms, err)
	}
	if again, _ := st.ClaimMail(ctx, 10, time.Minute); len(again) != 0 {
		t.Fatalf("a leased message was claimed twice")
	}
	if err := st.MailFailed(ctx, ms[0].ID, "421 try later", c.t.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if i, _ := st.Invitation(ctx, invs[0].ID); i.MailStatus != "pending" || i.MailError != "421 try later" {
		t.Errorf("mail status after a failure: %q %q", i.MailStatus, i.MailError)
	}
	c.set(c.t.Add(3 * time.Minute))
	ms, _ = st.ClaimMail(ctx, 10, time.Minute)
	if len(ms) != 1 || ms[0].Attempts != 2 {
		t.Fatalf("retry: %+v", ms)
	}
	if err := st.MailSent(ctx, ms[0].ID); err != nil {
		t.Fatal(err)
	}
	var body string
	if err := pool.QueryRow(ctx, `SELECT body FROM mail_outbox WHERE id = $1`, ms[0].ID).Scan(&body); err != nil || body != "" {
		t.Errorf("body after sending: %q %v (the link must not stay in the database)", body, err)
	}
	if i, _ := st.Invitation(ctx, invs[0].ID); i.MailStatus != "sent" {
		t.Errorf("mail status: %q", i.MailStatus)
	}
}
