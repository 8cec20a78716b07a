package web

import (
	"testing"
	"time"
)

// A sender that pushed a burst and then stalls is cut one window after
// the burst, however high its average; a steady sender at the rate never.
func TestRateWindowCutsAStallAfterABurst(t *testing.T) {
	start := time.Unix(0, 0)
	w := newRateWindow(start, 1000, 10*time.Second) // 10,000 bytes every 10 s
	w.add(start.Add(time.Second), 1_000_000)
	if got := w.deadline(); !got.Equal(start.Add(11 * time.Second)) {
		t.Errorf("after a 1 MB burst at 1 s the deadline is %v, want 11 s", got.Sub(start))
	}
	due := 0
	for s := 2; s <= 30 && due == 0; s++ { // then a byte a second: far below the rate
		now := start.Add(time.Duration(s) * time.Second)
		w.add(now, 1)
		if !now.Before(w.deadline()) {
			due = s
		}
	}
	if due != 11 {
		t.Errorf("trickling after the burst: cut at %d s, want 11 s", due)
	}

	steady := newRateWindow(start, 1000, 10*time.Second)
	for ms := 100; ms <= 60_000; ms += 100 {
		now := start.Add(time.Duration(ms) * time.Millisecond)
		steady.add(now, 100) // 1,000 bytes a second
		if d := steady.deadline(); now.After(d) {
			t.Fatalf("a steady sender at the rate was due at %v (now %v)", d.Sub(start), now.Sub(start))
		}
	}
	if n := len(steady.samples); n > 102 {
		t.Errorf("%d samples kept for one window", n)
	}
	if d := newRateWindow(start, 1000, 10*time.Second).deadline(); !d.Equal(start.Add(10 * time.Second)) {
		t.Errorf("nothing received: due at %v, want one window", d.Sub(start))
	}
}
