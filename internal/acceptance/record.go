package acceptance

import "time"

// Result is one recorded state of one acceptance test. The newest result
// of a test is its current state.
type Result struct {
	ID           int64
	QuoteID      int64
	Test         string
	Status       string
	Note         string
	WaiverReason string
	EvidenceID   int64 // 0 when none
	EvidenceName string
	Automatic    bool // decided by a benchmark verdict, not a person
	RecordedByID int64
	RecordedBy   string
	RecordedAt   time.Time
}

// Current picks each test's newest result from a history.
func Current(history []Result) map[string]Result {
	cur := map[string]Result{}
	for _, a := range history {
		if prev, ok := cur[a.Test]; !ok || a.ID > prev.ID {
			cur[a.Test] = a
		}
	}
	return cur
}

// Counts summarises a quote's acceptance suite; tests without a result,
// or whose current result is pending, count as pending.
type Counts struct {
	Passed, Failed, Waived int
}

// Total is the number of tests in the suite.
func (Counts) Total() int { return len(Tests()) }

// Add counts one current status.
func (c *Counts) Add(status string) {
	switch status {
	case Passed:
		c.Passed++
	case Failed:
		c.Failed++
	case Waived:
		c.Waived++
	}
}

// Count tallies current results.
func Count(current map[string]Result) Counts {
	var c Counts
	for _, a := range current {
		c.Add(a.Status)
	}
	return c
}
