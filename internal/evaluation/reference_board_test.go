package evaluation_test

import (
	"context"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/store"
)

// The reference page's board holds the data in force, the history with
// the rate just set on top, and the record threshold.
func TestReferenceBoardReadsDataHistoryAndThreshold(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	if _, err := f.svc.SetFXRate(ctx, f.u.Actor(), "EUR", dec(t, "1.08"), time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC), false); err != nil {
		t.Fatal(err)
	}
	if err := f.st.SetSetting(ctx, f.u.Actor(), store.SettingRecordThreshold, "6.5"); err != nil {
		t.Fatal(err)
	}
	b, err := f.svc.ReferenceBoard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if b.RecordThreshold != 6.5 {
		t.Errorf("threshold %v, want 6.5", b.RecordThreshold)
	}
	if len(b.History.FX) == 0 || b.History.FX[0].Currency != "EUR" {
		t.Errorf("history %+v: the EUR rate just set is not first", b.History.FX)
	}
	if len(b.Rates) == 0 || b.Prices.Source == "" {
		t.Errorf("the data in force is missing: %d rates, prices from %q", len(b.Rates), b.Prices.Source)
	}
}
