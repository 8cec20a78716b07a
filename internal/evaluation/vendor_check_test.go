package evaluation_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// The form's live check reads a draft as the vendor's page does: the
// provider is the invited company, and a draft checked as it stands
// raises what the saved one would (a round asking no attestations).
func TestCheckVendorDraftReadsTheDraftAsThePageDoes(t *testing.T) {
	t.Parallel()
	dl := time.Date(2026, 12, 8, 17, 0, 0, 0, time.UTC)
	c := &clock{t: dl.Add(-time.Hour)}
	st, _ := storetest.New(t, c.now)
	svc := evaluation.New(st)
	_, rd, invs := roundWith(t, st, dl)
	v, err := svc.VendorState(context.Background(), invs[0], rd)
	if err != nil {
		t.Fatal(err)
	}
	draft := v.Draft
	draft.Provider = quote.Term[string]{State: quote.Stated, Value: "Someone else"}
	check, flags := svc.CheckVendorDraft(invs[0], rd, draft)
	if check.Stated != v.Check.Stated || check.Total != v.Check.Total || !slices.Equal(check.Missing, v.Check.Missing) {
		t.Errorf("check %+v, the page's %+v", check, v.Check)
	}
	if len(flags) != len(v.Flags) {
		t.Errorf("%d flags, the page shows %d", len(flags), len(v.Flags))
	}
	if check.Total == 0 || check.Percent() == 100 {
		t.Errorf("an empty draft checked complete: %+v", check)
	}
}
