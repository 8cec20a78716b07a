package quote

import (
	"fmt"
	"strings"
)

// ImportMode says what an import does with a row that matches a quote
// already in the evaluation.
type ImportMode string

// The two modes. Revise is the default: a re-imported or updated sheet
// revises the quotes it already holds and adds only the rest.
const (
	ImportRevise  ImportMode = "revise" // a matching row is a revision of its quote
	ImportAddOnly ImportMode = "add"    // a matching row is refused with its line
)

// ParseImportMode reads a mode; "" is ImportRevise.
func ParseImportMode(s string) (ImportMode, bool) {
	switch ImportMode(s) {
	case "", ImportRevise:
		return ImportRevise, true
	case ImportAddOnly:
		return ImportAddOnly, true
	}
	return "", false
}

// Known is a quote already in the evaluation, as an import matches it.
type Known struct {
	ID      int64
	Version int
	Quote   Quote
}

// RowAction is what an import does with one row.
type RowAction string

// The three actions.
const (
	RowNew       RowAction = "new"       // a quote the evaluation does not hold yet
	RowRevision  RowAction = "revision"  // changed terms of a quote it holds
	RowUnchanged RowAction = "unchanged" // a quote it holds, with the same terms: nothing to do
)

// PlannedRow is one row of an import and what it will do.
type PlannedRow struct {
	Line    int
	Action  RowAction
	QuoteID int64    // the matched quote (RowRevision, RowUnchanged)
	Version int      // the matched quote's version, which the revision must still find
	Changes []Change // RowRevision: the terms that change
	Held    *Quote   // the matched quote's terms now (RowRevision, RowUnchanged)
}

// ImportPlan is every row of an import and what it does.
type ImportPlan struct {
	Rows                      []PlannedRow
	New, Revisions, Unchanged int
}

// matchKey is how a row finds its quote: the provider (as the store
// matches provider names, case-insensitively) and the vendor's own quote
// reference. Without a stated reference there is no key.
func matchKey(q *Quote) (string, bool) {
	ref, ok := q.QuoteRef.Get()
	ref = strings.TrimSpace(ref)
	if !ok || ref == "" {
		return "", false
	}
	name, _ := q.Provider.Get()
	return strings.ToLower(strings.TrimSpace(name)) + "\x00" + ref, true
}

// PlanImport decides, for each row of an import (lines[i] is the line row
// i starts on), whether it is a new quote, a revision of a quote the
// evaluation holds (same provider and quote reference) or that quote
// unchanged. A row without a quote reference matches only a quote of the
// same provider with identical terms, so re-importing an export adds
// nothing. Refused, as an *ImportError naming each line: a match in
// ImportAddOnly mode; a reference that matches more than one held quote,
// or that two rows of the file share (which one is the revision?).
func PlanImport(known []Known, rows []Quote, lines []int, mode ImportMode) (ImportPlan, error) {
	byKey := map[string][]int{}
	byTerms := map[string]int{} // quotes without a reference, by their terms
	for i := range known {
		if k, ok := matchKey(&known[i].Quote); ok {
			byKey[k] = append(byKey[k], i)
		} else if _, dup := byTerms[termsKey(&known[i].Quote)]; !dup {
			byTerms[termsKey(&known[i].Quote)] = i
		}
	}
	var plan ImportPlan
	var errs []RowError
	seen := map[string]int{} // key → the line that used it first
	for i := range rows {
		row := PlannedRow{Line: lines[i], Action: RowNew}
		k, keyed := matchKey(&rows[i])
		matches := byKey[k]
		if !keyed {
			if j, ok := byTerms[termsKey(&rows[i])]; ok {
				matches = []int{j}
			}
		}
		switch {
		case keyed && seen[k] != 0:
			errs = append(errs, RowError{Line: row.Line, Column: "quote_ref", Reason: fmt.Sprintf(
				"line %d has the same provider and quote reference; a file may revise a quote only once", seen[k]),
				Code: "repeated", Args: map[string]any{"Line": seen[k]}})
			continue
		case keyed && len(matches) > 1:
			errs = append(errs, RowError{Line: row.Line, Column: "quote_ref", Reason: fmt.Sprintf(
				"%d quotes in this evaluation have this provider and quote reference (quotes %s); revise the one you mean on its page", len(matches), quoteIDs(known, matches)),
				Code: "held_twice", Args: map[string]any{"Count": len(matches), "IDs": quoteIDs(known, matches)}})
			continue
		case len(matches) > 0 && mode == ImportAddOnly:
			column := "quote_ref"
			if !keyed {
				column = "provider"
			}
			errs = append(errs, RowError{Line: row.Line, Column: column, Reason: fmt.Sprintf(
				"quote %d in this evaluation already has this provider and quote reference; import it as a revision, or remove the line", known[matches[0]].ID),
				Code: "already_held", Args: map[string]any{"ID": known[matches[0]].ID}})
			continue
		}
		if keyed {
			seen[k] = row.Line
		}
		if len(matches) > 0 {
			m := &known[matches[0]]
			row.QuoteID, row.Version, row.Held = m.ID, m.Version, &m.Quote
			row.Changes = Diff(m.Quote, rows[i])
			row.Action = RowRevision
			if len(row.Changes) == 0 {
				row.Action = RowUnchanged
			}
		}
		plan.Rows = append(plan.Rows, row)
		switch row.Action {
		case RowNew:
			plan.New++
		case RowRevision:
			plan.Revisions++
		default:
			plan.Unchanged++
		}
	}
	if len(errs) > 0 {
		return ImportPlan{}, &ImportError{Errors: errs}
	}
	return plan, nil
}

// termsKey is every term of q, state and canonical value, as Diff
// compares them: two quotes with one termsKey have no Diff.
func termsKey(q *Quote) string {
	var b strings.Builder
	for _, c := range columns {
		cell := c.Cell(q)
		fmt.Fprintf(&b, "%d:%d:%s\x00", cell.State, len(cell.Value), cell.Value)
	}
	return b.String()
}

// quoteIDs names the matched quotes, the first five of them and a count
// of the rest: an evaluation holds up to MaxPerEvaluation.
func quoteIDs(known []Known, idx []int) string {
	const shown = 5
	var words []string
	for _, j := range idx[:min(len(idx), shown)] {
		words = append(words, fmt.Sprintf("%d", known[j].ID))
	}
	if len(idx) > shown {
		words = append(words, fmt.Sprintf("… %d more", len(idx)-shown))
	}
	return strings.Join(words, ", ")
}
