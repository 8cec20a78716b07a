package quote

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Kind is a column's type in the CSV contract's words.
type Kind string

// The column types of the CSV contract.
const (
	KindText    Kind = "text"    // any UTF-8 text
	KindInt     Kind = "int"     // whole number ≥ 0
	KindDecimal Kind = "decimal" // dot decimal mark, ≥ 0, at most 6 places
	KindBool    Kind = "bool"    // yes/no, true/false, 1/0
	KindDate    Kind = "date"    // YYYY-MM-DD
	KindEnum    Kind = "enum"    // one of Column.Values, any case
)

// Group is the section of the quote a term belongs to, following the term
// groups of the product description; the quote page and form use it to lay
// terms out in sections.
type Group string

// The term groups, in display order (see Groups).
const (
	GroupOffer      Group = "offer"      // who offers what, and how it is rented
	GroupTopology   Group = "topology"   // GPUs, nodes, CPU, memory, local disk
	GroupFabric     Group = "fabric"     // the network between nodes and failure handling
	GroupStorage    Group = "storage"    // storage and egress
	GroupAccess     Group = "access"     // scheduler, access, observability, billing export
	GroupCommercial Group = "commercial" // price, term, spend, support, validity
	GroupSecurity   Group = "security"   // isolation, deletion, compliance, region
)

// Groups returns every Group in display order.
func Groups() []Group {
	return []Group{GroupOffer, GroupTopology, GroupFabric, GroupStorage, GroupAccess, GroupCommercial, GroupSecurity}
}

// LabelKey returns the i18n key of the group's heading, e.g.
// "quote.group.topology".
func (g Group) LabelKey() string { return "quote.group." + string(g) }

// refusedWord is the cell text that records a refusal, in any case.
const refusedWord = "refused"

// Column describes one term of a Quote: everything the CSV codec, the web
// form, Validate and Diff need to treat it without per-field code.
type Column struct {
	Name     string   // CSV header, lower case, e.g. "gpu_model"
	Label    string   // i18n key of the human label, e.g. "quote.term.gpu_model"
	Kind     Kind     // the contract type
	Group    Group    // the section the term is shown in
	Required bool     // the cell must hold a stated value
	Values   []string // allowed words, in contract order, for KindEnum only

	acc termAccess
}

// termAccess reads and writes one Quote field as text. It is implemented
// once, generically, by access[T]; the table only says which field and
// which value parser.
type termAccess interface {
	set(q *Quote, st State, s string) error
	cell(q *Quote) Cell
}

// access binds a column to its Quote field and the field's value codec.
type access[T any] struct {
	field  func(*Quote) *Term[T]
	parse  func(string) (T, error)
	format func(T) string
}

func (a access[T]) set(q *Quote, st State, s string) error {
	t := Term[T]{State: st}
	if st == Stated {
		v, err := a.parse(s)
		if err != nil {
			return err
		}
		t.Value = v
	}
	*a.field(q) = t
	return nil
}

func (a access[T]) cell(q *Quote) Cell {
	t := a.field(q)
	if t.State == Stated {
		return Cell{State: Stated, Value: a.format(t.Value)}
	}
	return Cell{State: t.State}
}

// Parse reads one raw cell into the column's field of q, by the contract's
// rules: surrounding spaces are ignored, empty is not stated, "refused" in
// any case is refused, anything else is parsed by the column's type. On
// error q is left unchanged and the error's text is the reason, worded for
// the person who typed the cell.
func (c Column) Parse(q *Quote, raw string) error { return c.parse(q, raw) }

// parse is Parse without copying the Column, for the CSV reader's loop.
func (c *Column) parse(q *Quote, raw string) error {
	s := raw
	if s != "" && (s[0] <= ' ' || s[len(s)-1] <= ' ' || s[0] >= utf8.RuneSelf || s[len(s)-1] >= utf8.RuneSelf) {
		s = strings.TrimSpace(s) // the check spares the call for the common cell
	}
	st := Stated
	switch {
	case s == "":
		st = NotStated
	// Only "r" and "R" fold to "r", and no shorter text folds to the
	// word, so the cheap checks first change nothing.
	case len(s) >= len(refusedWord) && s[0]|0x20 == 'r' && strings.EqualFold(s, refusedWord):
		st = Refused
	}
	// Without the required terms a quote cannot be filed or priced at all,
	// so a refusal is as unusable there as a blank.
	switch {
	case c.Required && st == NotStated:
		return errors.New("required: a value must be stated")
	case c.Required && st == Refused:
		return errors.New("required: a value must be stated; refused is not accepted here")
	}
	return c.acc.set(q, st, s)
}

// Cell returns the column's term of q as text: its state and canonical value.
func (c Column) Cell(q *Quote) Cell { return c.acc.cell(q) }

// State returns the state of the column's term in q.
func (c Column) State(q *Quote) State { return c.acc.cell(q).State }

// Format returns the column's term of q as the CSV export writes it: the
// canonical value, "" when not stated, "refused" when refused.
func (c Column) Format(q *Quote) string {
	switch cl := c.acc.cell(q); cl.State {
	case Stated:
		return cl.Value
	case Refused:
		return refusedWord
	}
	return ""
}

// ValueLabel returns the i18n key for one of an enum column's values, e.g.
// "quote.term.rental_model.on_demand", so selects can be translated.
func (c Column) ValueLabel(v string) string { return c.Label + "." + v }

// Columns returns the description of every term in the CSV contract's
// column order, which is also the export's header order. It is a deep copy,
// so a caller cannot change what the codec accepts.
func Columns() []Column {
	cs := make([]Column, len(columns))
	for i, c := range columns {
		cs[i] = c.clone()
	}
	return cs
}

func (c Column) clone() Column {
	c.Values = slices.Clone(c.Values)
	return c
}

// ColumnByName finds a column by CSV header name, ignoring case and
// surrounding spaces as the contract's header matching does.
func ColumnByName(name string) (Column, bool) {
	i, ok := columnIndex[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Column{}, false
	}
	return columns[i].clone(), true
}

// ParseCell parses one raw value into the named term of q through exactly
// the code the CSV import uses, so the web form and the file agree. The
// error's text is the reason to show next to the field.
func ParseCell(q *Quote, column, raw string) error {
	c, ok := ColumnByName(column)
	if !ok {
		return fmt.Errorf("unknown column %q", column)
	}
	return c.Parse(q, raw)
}

// ParseCells builds a Quote from raw values keyed by column name, as a form
// submits them; a missing key is not stated. It returns every problem, in
// column order, including unknown keys, and the Quote is only meaningful
// when there are none.
func ParseCells(cells map[string]string) (Quote, []FieldError) {
	var q Quote
	var errs []FieldError
	seen := 0
	for _, c := range columns {
		raw, ok := cells[c.Name]
		if ok {
			seen++
		}
		if err := c.Parse(&q, raw); err != nil {
			errs = append(errs, FieldError{Column: c.Name, Reason: err.Error()})
		}
	}
	if seen < len(cells) {
		for _, name := range sortedKeys(cells) {
			if _, ok := columnIndex[name]; !ok {
				errs = append(errs, FieldError{Column: name, Reason: "unknown column"})
			}
		}
	}
	return q, errs
}

// FieldError is a problem with one term of a quote, for a form to show
// next to the field named Column.
type FieldError struct {
	Column string // CSV column name
	Reason string // why, worded for the person who entered it
}

// Error returns "column: reason".
func (e FieldError) Error() string { return e.Column + ": " + e.Reason }

// Validate checks a Quote built in code or loaded from the store by the
// same rules as a CSV cell: it formats each term canonically and parses it
// back. A Quote with no errors therefore exports and imports unchanged.
func Validate(q Quote) []FieldError {
	var errs []FieldError
	for _, c := range columns {
		var reason string
		orig := c.Cell(&q)
		var back Quote
		switch err := c.Parse(&back, c.Format(&q)); {
		case !orig.State.valid():
			reason = "invalid state"
		case err != nil:
			reason = err.Error()
		case c.Cell(&back) != orig:
			reason = canonicalReason(orig, c.Cell(&back))
		}
		if reason != "" {
			errs = append(errs, FieldError{Column: c.Name, Reason: reason})
		}
	}
	return errs
}

// canonicalReason explains why a term that parses would not survive a CSV
// round trip unchanged.
func canonicalReason(orig, back Cell) string {
	switch {
	case orig.State == Stated && back.State == NotStated:
		return "stated with an empty value"
	case orig.State == Stated && back.State == Refused:
		return fmt.Sprintf("the value %q would read back as a refusal", orig.Value)
	}
	return fmt.Sprintf("not in canonical form: %q would be stored as %q", orig.Value, back.Value)
}

// Cells returns q's canonical CSV cells by column name: what is stored and
// exported, and what ParseCells reads back into the same quote.
func Cells(q Quote) map[string]string {
	out := make(map[string]string, len(columns))
	for _, c := range columns {
		out[c.Name] = c.Format(&q)
	}
	return out
}
