package quote

// Change is one term that differs between two revisions of a quote.
type Change struct {
	Column string // CSV column name, e.g. "price_per_gpu_hour"
	Label  string // i18n key of the term's label
	Old    Cell   // the term in the earlier revision
	New    Cell   // the term in the later revision
}

// Diff lists the terms that differ from a to b, in column order. Terms are
// compared by state and canonical text, so a change of state alone (stated
// → refused) is a change, and two spellings of one value (2.950 and 2.95)
// are not.
func Diff(a, b Quote) []Change {
	var cs []Change
	for _, c := range columns {
		oc, nc := c.Cell(&a), c.Cell(&b)
		if oc != nc {
			cs = append(cs, Change{Column: c.Name, Label: c.Label, Old: oc, New: nc})
		}
	}
	return cs
}
