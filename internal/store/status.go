package store

// DecisionStatus is where an evaluation's decision stands, for lists: how
// many quotes are on the shortlist, which provider is approved (if one
// is), and how many blockers were waived (read with the list's summaries).
type DecisionStatus struct {
	EvaluationID int64
	Shortlisted  int
	Approved     string // the approved quote's provider, "" if none
	Waived       int
}
