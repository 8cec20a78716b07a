package rfq

import (
	"errors"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/quote"
)

var now = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

func TestParseDeadline(t *testing.T) {
	for _, c := range []struct {
		in, zone, want, wantZone string
		err                      bool
	}{
		{"2026-12-08T17:00:00+01:00", "", "2026-12-08T16:00:00Z", "+01:00", false},
		{"2026-12-08T17:00:00Z", "", "2026-12-08T17:00:00Z", "UTC", false},
		{"2026-12-08T17:00", "Europe/Berlin", "2026-12-08T16:00:00Z", "Europe/Berlin", false},
		{"2026-12-08T17:00", "", "", "", true},             // a local time without its zone is ambiguous
		{"2026-12-08T17:00", "Mars/Olympus", "", "", true}, // unknown zone
		{"2026-11-30T17:00:00Z", "", "", "", true},         // past
		{"2028-12-08T17:00:00Z", "", "", "", true},         // more than a year away
		{"8 Dec 2026", "UTC", "", "", true},
	} {
		got, zone, err := ParseDeadline(c.in, c.zone, now)
		if (err != nil) != c.err {
			t.Errorf("%s %s: err %v", c.in, c.zone, err)
			continue
		}
		if !c.err && (got.UTC().Format(time.RFC3339) != c.want || zone != c.wantZone) {
			t.Errorf("%s %s: %s %s, want %s %s", c.in, c.zone, got.UTC().Format(time.RFC3339), zone, c.want, c.wantZone)
		}
	}
}

func TestCheckVendor(t *testing.T) {
	langs := []string{"en", "ru", "zh", "vi"}
	v := Vendor{Company: " Alpha ", Email: "a@alpha.example", Language: "RU"}
	if ps := CheckVendor(&v, langs); len(ps) != 0 || v.Company != "Alpha" || v.Language != "ru" {
		t.Errorf("valid vendor: %v %+v", ps, v)
	}
	for _, bad := range []Vendor{{Company: "", Email: "a@b.example"}, {Company: "A", Email: "Ann <a@b.example>"},
		{Company: "A", Email: "a@b.example, c@d.example"}, {Company: "A", Email: "a@b.example", Language: "de"}} {
		if ps := CheckVendor(&bad, langs); len(ps) != 1 {
			t.Errorf("%+v: problems %v, want one", bad, ps)
		}
	}
}

func TestCanSubmitAtTheDeadlineSecond(t *testing.T) {
	r := Round{Deadline: now, GraceHours: 2}
	if err := r.CanSubmit(now, Draft); err != nil {
		t.Errorf("at the deadline: %v", err)
	}
	if err := r.CanSubmit(now.Add(time.Second), Draft); !errors.Is(err, ErrPastDeadline) {
		t.Errorf("one second late: %v", err)
	}
	if err := r.CanSubmit(now.Add(-time.Hour), Revoked); !errors.Is(err, ErrRevoked) {
		t.Errorf("revoked: %v", err)
	}
	r.Opened = true
	if err := r.CanSubmit(now.Add(-time.Hour), Draft); !errors.Is(err, ErrClosed) {
		t.Errorf("opened: %v", err)
	}
	if !r.LinkValid(now.Add(2*time.Hour), Submitted) || r.LinkValid(now.Add(2*time.Hour+time.Second), Submitted) {
		t.Error("link validity does not end at deadline + grace")
	}
}

func TestCheckDraftNamesUnstatedBlockerTerms(t *testing.T) {
	q, errs := quote.ParseCells(map[string]string{"provider": "A", "rental_model": "reserved", "gpu_model": "H100",
		"currency": "USD", "nodes": "4", "gpus_per_node": "8"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	c := CheckDraft(q, nil, now)
	if c.Blockers == 0 || c.Total != len(quote.Columns()) || c.Stated != 6 {
		t.Fatalf("check: %+v", c)
	}
	found := false
	for _, m := range c.Missing {
		found = found || m == "inter_node_fabric"
	}
	if !found {
		t.Errorf("missing %v: want inter_node_fabric (a 4-node quote without fabric is a blocker)", c.Missing)
	}
}
