package evaluation_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The reference page reads the rates, capital costs, price file and the
// approval switches in force through one use case.
func TestReferenceReadsWhatIsInForce(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	before, err := f.svc.Reference(ctx)
	if err != nil || before.AllowSelfApproval || before.AwardRequiresAcceptance {
		t.Fatalf("before any setting: %+v %v", before, err)
	}
	if _, err := f.svc.SetFXRate(ctx, f.u.Actor(), "EUR", dec(t, "1.08"), time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC), false); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.SetCapitalCost(ctx, f.u.Actor(), evaluation.CapitalInput{GPU: "H100", USD: "40000", Source: "HGX node model", Date: "2024-08"}); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{store.SettingAllowSelfApproval, store.SettingAwardRequiresAcceptance} {
		if err := f.st.SetSetting(ctx, f.u.Actor(), key, "yes"); err != nil {
			t.Fatal(err)
		}
	}
	d, err := f.svc.Reference(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Rates) != len(before.Rates)+1 || !d.AllowSelfApproval || !d.AwardRequiresAcceptance {
		t.Errorf("%+v", d)
	}
	found := false
	for _, c := range d.Capital {
		found = found || (c.GPUModel == "H100" && c.Source == "HGX node model" && c.SourceDate == "2024-08")
	}
	if !found {
		t.Errorf("the capital cost set is not read: %+v", d.Capital)
	}
	if d.Prices.Source == "" || len(d.Prices.Rows) == 0 {
		t.Errorf("no price file in force: %+v", d.Prices.Source)
	}
}

// A refused capital cost names each bad field and stores nothing.
func TestSetCapitalCostRefusesBadFields(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	before, err := f.svc.Reference(ctx)
	if err != nil {
		t.Fatal(err)
	}
	bad := []struct {
		in    evaluation.CapitalInput
		field string
	}{
		{evaluation.CapitalInput{GPU: "", USD: "1", Source: "s", Date: "2024-08"}, "capital_gpu"},
		{evaluation.CapitalInput{GPU: "B200", USD: "0", Source: "s", Date: "2024-08"}, "capital_usd"},
		{evaluation.CapitalInput{GPU: "B200", USD: "1000000000000", Source: "s", Date: "2024-08"}, "capital_usd"},
		{evaluation.CapitalInput{GPU: "B200", USD: "", Source: "s", Date: "2024-08"}, "capital_usd"},
		{evaluation.CapitalInput{GPU: "B200", USD: "1", Source: "", Date: "2024-08"}, "capital_source"},
		{evaluation.CapitalInput{GPU: "B200", USD: "1", Source: "s", Date: "2024-13"}, "capital_date"},
	}
	for _, c := range bad {
		err := f.svc.SetCapitalCost(ctx, f.u.Actor(), c.in)
		var fe evaluation.FieldErrors
		if !errors.As(err, &fe) || len(fe) != 1 || fe[c.field] != "reference.error."+c.field {
			t.Errorf("%+v: %v", c.in, err)
		}
	}
	after, err := f.svc.Reference(ctx)
	if err != nil || len(after.Capital) != len(before.Capital) {
		t.Errorf("a refused figure was stored: %+v %v", after.Capital, err)
	}
}
