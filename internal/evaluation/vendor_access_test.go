package evaluation_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// A vendor request is counted before its link is looked at: no token, an
// unknown one and a good one each count, a link spent past its limit is
// refused with the time to wait, and every bad link is the same refusal.
func TestVendorAccessCountsThenChecksTheLink(t *testing.T) {
	t.Parallel()
	dl := time.Date(2026, 12, 8, 17, 0, 0, 0, time.UTC)
	c := &clock{t: dl.Add(-time.Hour)}
	st, _ := storetest.New(t, c.now)
	svc := evaluation.New(st)
	ctx := context.Background()
	_, r, invs := roundWith(t, st, dl)
	for _, tok := range []string{"", "   ", "tok-x", string(make([]byte, 201))} {
		if _, _, err := svc.VendorAccess(ctx, "192.0.2.1", tok); !errors.Is(err, evaluation.ErrLinkInvalid) {
			t.Errorf("token %q: %v, want ErrLinkInvalid", tok, err)
		}
	}
	inv, rd, err := svc.VendorAccess(ctx, "192.0.2.2", " tok-a ")
	if err != nil || inv.ID != invs[0].ID || rd.ID != r.ID {
		t.Fatalf("link of Alpha: %+v %v", inv, err)
	}
	for range evaluation.VendorPerLink - 1 {
		if _, _, err := svc.VendorAccess(ctx, "192.0.2.2", "tok-a"); err != nil {
			t.Fatalf("within the link's limit: %v", err)
		}
	}
	_, _, err = svc.VendorAccess(ctx, "192.0.2.3", "tok-a")
	var limited *evaluation.VendorLimited
	if !errors.As(err, &limited) || limited.Retry <= 0 || limited.Retry > time.Minute {
		t.Errorf("past the link's limit: %v", err)
	}
	if _, _, err := svc.VendorAccess(ctx, "192.0.2.3", "tok-b"); err != nil {
		t.Errorf("another link from the same address: %v", err)
	}
}
