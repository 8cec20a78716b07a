package benchlog

import (
	"testing"
	"time"
)

func TestXidEventAt(t *testing.T) {
	ref := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]string{
		"2026-03-05T07:12:01+0000":   "2026-03-05T07:12:01Z",
		"2026-03-05T08:12:01+01:00":  "2026-03-05T07:12:01Z",
		"[Thu Mar  5 07:12:01 2026]": "2026-03-05T07:12:01Z",
		"Mar 05 07:12:01":            "2026-03-05T07:12:01Z",
		"Dec 30 23:00:00":            "2025-12-30T23:00:00Z", // before ref: last year's December
		"[ 1234.567890]":             "",
		"":                           "",
	} {
		got, ok := XidEvent{Time: in}.At(ref)
		if (want == "") != !ok || (ok && got.Format(time.RFC3339) != want) {
			t.Errorf("%q: %s %v, want %q", in, got.Format(time.RFC3339), ok, want)
		}
	}
}
