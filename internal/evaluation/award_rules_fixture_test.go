package evaluation_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// decisionFixture is an evaluation of the example quotes, entered by a
// procurement user, with two managers and a finance approver.
type decisionFixture struct {
	st          *store.Store
	svc         *evaluation.Service
	p, m, m2, f store.User
	evID        int64
	ids         []int64
}

func newDecisionFixture(t *testing.T) *decisionFixture {
	t.Helper()
	st, _ := storetest.New(t, nil)
	f := &decisionFixture{st: st, svc: evaluation.New(st)}
	f.p = newUser(t, st, "p@example.com", auth.Procurement)
	f.m = newUser(t, st, "m@example.com", auth.Manager)
	f.m2 = newUser(t, st, "m2@example.com", auth.Manager)
	f.f = newUser(t, st, "f@example.com", auth.Finance)
	ctx := context.Background()
	ev, err := st.CreateEvaluation(ctx, f.p.Actor(), "Decision")
	if err != nil {
		t.Fatal(err)
	}
	f.evID = ev.ID
	csv, err := os.Open("../quote/testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer csv.Close()
	qs, err := quote.ReadCSV(csv)
	if err != nil {
		t.Fatal(err)
	}
	if f.ids, err = st.ImportQuotes(ctx, f.p.Actor(), ev.ID, qs); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *decisionFixture) analyze(t *testing.T) *evaluation.Analysis {
	t.Helper()
	a, err := f.svc.Analyze(context.Background(), f.evID)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// priced are the ids of the quotes the worksheet prices.
func (f *decisionFixture) priced(t *testing.T) []int64 {
	t.Helper()
	var out []int64
	for _, sq := range f.analyze(t).Quotes {
		out = append(out, sq.ID)
	}
	if len(out) < 2 {
		t.Fatalf("%d priced quotes", len(out))
	}
	return out
}

// waiveAll waives every open blocker of the quotes (flags by p, failed
// tests in the suite), each with a reason.
func (f *decisionFixture) waiveAll(t *testing.T, ids ...int64) {
	t.Helper()
	ctx := context.Background()
	a := f.analyze(t)
	for _, id := range ids {
		for _, b := range a.OpenBlockers(id) {
			var err error
			if b.Kind == "test" {
				_, err = f.st.RecordAcceptance(ctx, f.p.Actor(), id, store.NewAcceptance{Test: b.ID, Status: store.AcceptanceWaived, WaiverReason: "accepted"})
			} else {
				err = f.st.WaiveFlag(ctx, f.p.Actor(), id, b.ID, "accepted for the pilot")
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// record records an award of shares by p.
func (f *decisionFixture) record(t *testing.T, shares ...store.AwardShare) evaluation.RecordedAward {
	t.Helper()
	rec, err := f.svc.RecordAward(context.Background(), f.p, f.evID, shares, "cheapest mix")
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// setRules sets approval rules: above `above` (USD), the tier needs the roles in order.
func (f *decisionFixture) setRules(t *testing.T, above string, roles ...string) {
	t.Helper()
	rules := scoring.ApprovalRules{Currency: "USD", Tiers: []scoring.Tier{{Above: "0", Approvers: 1},
		{Above: above, Approvers: len(roles), Order: "in_order", Roles: roles}}}
	raw, _ := json.Marshal(rules)
	if err := f.st.SetSetting(context.Background(), f.p.Actor(), store.SettingApprovalRules, string(raw)); err != nil {
		t.Fatal(err)
	}
}

// revisePrice sets a quote's price per GPU hour.
func (f *decisionFixture) revisePrice(t *testing.T, quoteID int64, price string) {
	t.Helper()
	ctx := context.Background()
	sq, err := f.st.Quote(ctx, quoteID)
	if err != nil {
		t.Fatal(err)
	}
	q := sq.Quote
	c, _ := quote.ColumnByName("price_per_gpu_hour")
	if err := c.Parse(&q, price); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ReviseQuote(ctx, f.p, quoteID, sq.Version, q); err != nil {
		t.Fatal(err)
	}
}

func (f *decisionFixture) view(t *testing.T, awardID int64) evaluation.AwardView {
	t.Helper()
	v, _, err := f.svc.Award(context.Background(), awardID)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func refusalCode(err error) string {
	var rf *evaluation.SigningRefusal
	if asRefusal(err, &rf) {
		return rf.Code
	}
	if err != nil {
		return "error: " + err.Error()
	}
	return ""
}
