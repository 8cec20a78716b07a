package acceptance

import "testing"

// A test's newest result is its current state; the counts tally current
// results, and pending ones count as none of passed, failed or waived.
func TestCurrentAndCount(t *testing.T) {
	history := []Result{
		{ID: 1, Test: "gpu_health", Status: Failed},
		{ID: 3, Test: "burn_in", Status: Waived},
		{ID: 2, Test: "gpu_health", Status: Passed},
		{ID: 4, Test: "fabric_links", Status: Pending},
	}
	cur := Current(history)
	if len(cur) != 3 || cur["gpu_health"].ID != 2 {
		t.Fatalf("current = %+v", cur)
	}
	c := Count(cur)
	if c != (Counts{Passed: 1, Waived: 1}) || c.Total() != len(Tests()) {
		t.Errorf("counts = %+v, total %d", c, c.Total())
	}
}
