package benchlog

import "strings"

// RunFailure is a line where a tool said its run failed (nvbandwidth's
// ASSERT, perftest's RDMA CM connection error), quoted with the test it
// was running. A run that failed before printing a table is still a run of
// its kind: a failure, not an unreadable file.
type RunFailure struct {
	Line int    `json:"line"`
	Test string `json:"test,omitempty"`
	Text string `json:"text"`
}

// maxFailures bounds the failure lines kept from one file.
const maxFailures = 16

func addFailure(list []RunFailure, line int, test, text string) []RunFailure {
	if len(list) >= maxFailures {
		return list
	}
	return append(list, RunFailure{Line: line, Test: strings.Clone(test), Text: strings.Clone(clip(text, 300))})
}
