package views

// DecisionPageRows are the indexes of the rows a page lists: those from
// to to, and before them any quote outside it that is on the shortlist or
// decided, so that a manager never pages to find what to approve.
func DecisionPageRows(all []DecisionQuote, from, to int) []int {
	var rows []int
	if from > 0 || to < len(all) {
		for i, q := range all {
			if q.Status != "" && (i < from || i >= to) {
				rows = append(rows, i)
			}
		}
	}
	for i := from; i < to; i++ {
		rows = append(rows, i)
	}
	return rows
}
