package benchlog

import "testing"

// A note carries the nccl-tests run it belongs to (0 for formats without
// runs), a nil result has none, and a log's notes stop after 32.
func TestRunNotes(t *testing.T) {
	if (*Result)(nil).RunNotes() != nil {
		t.Error("a nil result has notes")
	}
	fio := &Result{Fio: &FioReport{Notes: []Note{{Text: "trimmed"}}}}
	if got := fio.RunNotes(); len(got) != 1 || got[0].Run != 0 || got[0].Note.Text != "trimmed" {
		t.Errorf("fio notes = %+v", got)
	}
	many := make([]Note, 20)
	r := &Result{NCCL: &NCCLReport{Runs: []NCCLRun{{}, {Notes: many}, {Notes: many}, {Notes: many}}}}
	got := r.RunNotes()
	if len(got) != 40 || got[0].Run != 2 || got[39].Run != 3 {
		t.Errorf("nccl notes: %d, first run %d, last run %d", len(got), got[0].Run, got[len(got)-1].Run)
	}
}
