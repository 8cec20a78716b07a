package web

import (
	"context"
	"testing"
	"time"
)

// A user and an address hold only their share of the receiving slots:
// past it they are refused at once, and the others still get slots.
func TestUploadSlotsPerUserAndAddress(t *testing.T) {
	ctx := context.Background()
	u := newUploadSlots(6, 2, 3)
	for range 2 {
		if got := u.acquire(ctx, 1, "10.0.0.1", time.Second); got != slotTaken {
			t.Fatalf("user 1's own share: %v", got)
		}
	}
	if got := u.acquire(ctx, 1, "10.0.0.9", time.Second); got != slotOwnLimit {
		t.Errorf("user 1's third upload, from another address: %v, want refused", got)
	}
	if got := u.acquire(ctx, 2, "10.0.0.1", time.Second); got != slotTaken {
		t.Errorf("another user behind the same address: %v", got)
	}
	if got := u.acquire(ctx, 3, "10.0.0.1", time.Second); got != slotOwnLimit {
		t.Errorf("the address's fourth upload: %v, want refused", got)
	}
	for user := int64(4); user < 7; user++ {
		if got := u.acquire(ctx, user, "10.0.0.2", time.Second); got != slotTaken {
			t.Fatalf("user %d: %v", user, got)
		}
	}
	if got := u.acquire(ctx, 8, "10.0.0.3", 10*time.Millisecond); got != slotBusy {
		t.Errorf("every slot taken: %v, want busy after the wait", got)
	}
	u.release(1, "10.0.0.1")
	if got := u.acquire(ctx, 8, "10.0.0.3", time.Second); got != slotTaken {
		t.Errorf("after a release: %v", got)
	}
	if got := u.acquire(ctx, 1, "10.0.0.1", 10*time.Millisecond); got != slotBusy {
		t.Errorf("user 1 below its share again, every slot taken: %v", got)
	}
	if u.byUser[1] != 1 || u.byIP["10.0.0.1"] != 2 {
		t.Errorf("counts after a busy refusal: user %d, address %d", u.byUser[1], u.byIP["10.0.0.1"])
	}
}
