package views

// ImportPlan is what a previewed import does: how many quotes it adds,
// revises and leaves as they are, and each row's action.
type ImportPlan struct {
	Summary string
	Nothing bool // every row is a held quote, unchanged: confirming adds nothing
	Rows    []ImportPlanRow
}

// ImportPlanRow is one row of an import and its action.
type ImportPlanRow struct {
	Line     int
	Action   string // "new", "revision" or "unchanged"
	QuoteID  int64  // the held quote a revision or unchanged row matches
	Provider string
	QuoteRef string
	Text     string // the action, worded
	Changes  []DiffRow
}
