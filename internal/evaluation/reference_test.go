package evaluation_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

func dec(t *testing.T, s string) quote.Decimal {
	t.Helper()
	d, err := quote.ParseDecimal(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// A rate ten times off the one in use is held back until confirmed; each
// rate set is in the history, and an earlier one can be put back.
func TestSetFXRateAsksBeforeAnImplausibleRate(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	day := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	if d, err := f.svc.SetFXRate(ctx, f.u.Actor(), "JPY", dec(t, "0.0067"), day, false); d != nil || err != nil {
		t.Fatalf("a first rate: %+v %v", d, err)
	}
	d, err := f.svc.SetFXRate(ctx, f.u.Actor(), "JPY", dec(t, "150"), day.AddDate(0, 0, 1), false)
	if err != nil || d == nil || d.Factor < 10 || d.Old.String() != "0.0067" || !d.AsOf.Equal(day) {
		t.Fatalf("yen per dollar typed as dollars per yen: %+v %v", d, err)
	}
	if fx, _ := f.svc.FX(ctx); fx.USDPer["JPY"].String() != "0.0067" {
		t.Errorf("an unconfirmed rate is in use: %v", fx.USDPer["JPY"])
	}
	if d, err := f.svc.SetFXRate(ctx, f.u.Actor(), "JPY", dec(t, "150"), day.AddDate(0, 0, 1), true); d != nil || err != nil {
		t.Fatalf("confirmed: %+v %v", d, err)
	}
	h, err := f.svc.ReferenceHistory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.FX) != 2 || !strings.HasPrefix(h.FX[0].USDPerUnit, "150") {
		t.Fatalf("history: %+v", h.FX)
	}
	if err := f.svc.RollbackFX(ctx, f.u.Actor(), h.FX[1].ID); err != nil {
		t.Fatal(err)
	}
	if fx, _ := f.svc.FX(ctx); fx.USDPer["JPY"].String() != "0.0067" {
		t.Errorf("rolled back to %v", fx.USDPer["JPY"])
	}
}

// A price file much shorter than the one in use waits for a confirmation.
func TestSavePricesAsksBeforeACutShortFile(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	full, err := os.ReadFile("../market/gpu-prices.csv")
	if err != nil {
		t.Fatal(err)
	}
	short := strings.Join(strings.SplitAfter(string(full), "\n")[:40], "")
	d, err := f.svc.SavePrices(ctx, f.u.Actor(), "Short", "2026-11-01", short, false)
	if err != nil || d == nil || !d.FewerRows() {
		t.Fatalf("%+v %v", d, err)
	}
	if _, err := f.st.LatestPriceReference(ctx); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unconfirmed file was saved: %v", err)
	}
	if d, err := f.svc.SavePrices(ctx, f.u.Actor(), "Short", "2026-11-01", short, true); d != nil || err != nil {
		t.Fatalf("%+v %v", d, err)
	}
	if ref, err := f.svc.PriceReference(ctx); err != nil || ref.Source != "Short" {
		t.Fatalf("%v %v", ref.Source, err)
	}
	d, err = f.svc.SavePrices(ctx, f.u.Actor(), "Full", "2026-11-02", string(full), false)
	if d != nil || err != nil {
		t.Fatalf("a longer file needs no confirmation: %+v %v", d, err)
	}
	h, err := f.svc.ReferenceHistory(ctx)
	if err != nil || len(h.Prices) != 2 || h.Prices[0].Source != "Full" {
		t.Fatalf("%+v %v", h.Prices, err)
	}
	if err := f.svc.RollbackPrices(ctx, f.u.Actor(), h.Prices[1].ID); err != nil {
		t.Fatal(err)
	}
	if ref, _ := f.svc.PriceReference(ctx); ref.Source != "Short" {
		t.Errorf("rollback: %s", ref.Source)
	}
}

func TestShortlistUseCase(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	if s, err := f.svc.ShortlistStatus(ctx, f.q.EvaluationID, f.q.ID); s != "none" || err != nil {
		t.Errorf("%q %v", s, err)
	}
	sq, err := f.svc.SetShortlist(ctx, f.u.Actor(), f.q.ID, true)
	if err != nil || sq.ID != f.q.ID {
		t.Fatal(err)
	}
	if s, _ := f.svc.ShortlistStatus(ctx, f.q.EvaluationID, f.q.ID); s != "shortlisted" {
		t.Errorf("%q", s)
	}
	if _, err := f.svc.SetShortlist(ctx, f.u.Actor(), f.q.ID, true); !errors.Is(err, store.ErrConflict) {
		t.Errorf("shortlisted twice: %v", err)
	}
	if _, err := f.svc.SetShortlist(ctx, f.u.Actor(), f.q.ID, false); err != nil {
		t.Fatal(err)
	}
	if s, _ := f.svc.ShortlistStatus(ctx, f.q.EvaluationID, f.q.ID); s == "shortlisted" {
		t.Errorf("still %q", s)
	}
	if _, err := f.svc.SetShortlist(ctx, f.u.Actor(), f.q.ID+1000, true); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a missing quote: %v", err)
	}
}

func TestCheckQuoteLimitCountsTheQuotesThere(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	if err := f.svc.CheckQuoteLimit(ctx, f.q.EvaluationID, quote.MaxPerEvaluation-1); err != nil {
		t.Errorf("up to the limit: %v", err)
	}
	var le *store.QuoteLimitError
	if err := f.svc.CheckQuoteLimit(ctx, f.q.EvaluationID, quote.MaxPerEvaluation); !errors.As(err, &le) || le.Existing != 1 || le.Adding != quote.MaxPerEvaluation {
		t.Errorf("one past the limit: %v", err)
	}
}
