package testplan

import (
	"testing"
	"time"
)

// The runs already uploaded are the collected ones that count: an upload
// by hand has no run, a withdrawn one no longer counts, and none is an
// empty list (the API answers [] rather than null).
func TestUploadedRuns(t *testing.T) {
	if got := UploadedRuns(nil); got == nil || len(got) != 0 {
		t.Fatalf("no uploads: %#v", got)
	}
	now := time.Now()
	run := &Run{Step: "nccl", Hosts: []string{"a"}, Command: "all_reduce_perf"}
	got := UploadedRuns([]Benchmark{
		{ID: 1},
		{ID: 2, Meta: BenchmarkMeta{Run: run}},
		{ID: 3, Meta: BenchmarkMeta{Run: run}, WithdrawnAt: &now},
	})
	if len(got) != 1 || got[0].BenchmarkID != 2 || got[0].Step != "nccl" || got[0].Command != "all_reduce_perf" || len(got[0].Hosts) != 1 {
		t.Errorf("uploaded runs = %+v", got)
	}
}
