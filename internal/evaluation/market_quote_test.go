package evaluation_test

import (
	"context"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// A quote's rate is compared with the reference in force, converted with
// the admin's rate of the day; without a rate it is not compared at all.
func TestQuoteMarketConvertsWithTheAdminsRate(t *testing.T) {
	st, _ := storetest.New(t, func() time.Time { return time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC) })
	svc := evaluation.New(st)
	ctx := context.Background()
	var q quote.Quote
	if c, warn := svc.QuoteMarket(ctx, q); !c.NoRate || warn != nil {
		t.Errorf("no rate: %+v %v, want NoRate", c, warn)
	}
	q.PricePerGPUHour, q.Currency = quote.Of(quote.DecimalFromMicros(2_000_000)), quote.Of("EUR")
	q.GPUModel, q.RentalModel = quote.Of("H100"), quote.Of(quote.RentalModel("on_demand"))
	if c, _ := svc.QuoteMarket(ctx, q); !c.NoFX {
		t.Errorf("EUR without a rate: %+v, want NoFX", c)
	}
	admin, err := st.CreateUser(ctx, audit.Actor{Email: "test"}, store.User{Email: "a@example.com", Name: "A", Role: "admin", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	if _, err := svc.SetFXRate(ctx, admin.Actor(), "EUR", quote.DecimalFromMicros(1_100_000), day, true); err != nil {
		t.Fatal(err)
	}
	c, warn := svc.QuoteMarket(ctx, q)
	if warn != nil || c.NoFX || c.USD.String() != "2.2" || !c.FXDate.Equal(day) || c.Currency != "EUR" {
		t.Fatalf("EUR at 1.10: %+v %v, want 2.2 USD converted on %s", c, warn, day)
	}
	ref, err := svc.PriceReference(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := market.Compare(ref, "H100", "", "on_demand", c.USD); c.Comparison.Verdict != want.Verdict || c.Reference.Source != ref.Source {
		t.Errorf("verdict %s against %q, want %s against %q", c.Comparison.Verdict, c.Reference.Source, want.Verdict, ref.Source)
	}
}
