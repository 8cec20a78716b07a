package evaluation_test

import (
	"context"
	"errors"
	"maps"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// A rate as typed is refused field by field, and saves nothing then; a
// good one is set, and one far from the rate in use asks to be confirmed.
func TestSetFXChecksWhatWasTyped(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	before, err := f.svc.Reference(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.SetFX(ctx, f.u.Actor(), evaluation.FXInput{Currency: "USD", USDPerUnit: "0", AsOf: "2026-13-01"}, false)
	var fe evaluation.FieldErrors
	want := evaluation.FieldErrors{"currency": "reference.error.currency", "usd_per_unit": "reference.error.rate", "as_of": "reference.error.date"}
	if !errors.As(err, &fe) || !maps.Equal(fe, want) {
		t.Errorf("bad input: %v, want %v", err, want)
	}
	for _, in := range []evaluation.FXInput{{Currency: "eur", USDPerUnit: "1.08", AsOf: "2026-11-02"},
		{Currency: "EUR", USDPerUnit: "10000000000", AsOf: "2026-11-02"}} {
		if _, err := f.svc.SetFX(ctx, f.u.Actor(), in, false); !errors.As(err, &fe) || len(fe) != 1 {
			t.Errorf("%+v: %v, want one field refused", in, err)
		}
	}
	if doubt, err := f.svc.SetFX(ctx, f.u.Actor(), evaluation.FXInput{Currency: "EUR", USDPerUnit: "1.08", AsOf: "2026-11-02"}, false); err != nil || doubt != nil {
		t.Fatalf("a good rate: %v %v", doubt, err)
	}
	doubt, err := f.svc.SetFX(ctx, f.u.Actor(), evaluation.FXInput{Currency: "EUR", USDPerUnit: "108", AsOf: "2026-11-03"}, false)
	if err != nil || doubt == nil || doubt.Old.String() != "1.08" {
		t.Errorf("a rate 100 times the one in use: %+v %v, want a doubt", doubt, err)
	}
	after, err := f.svc.Reference(ctx)
	if err != nil || len(after.Rates) != len(before.Rates)+1 {
		t.Errorf("rates %d after one good rate, want %d (%v)", len(after.Rates), len(before.Rates)+1, err)
	}
}
