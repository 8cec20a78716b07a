package quote

// State says what a vendor told us about one term. "Not stated" is
// information for the buyer (it raises red flags and vendor questions), so it
// is never conflated with a zero value.
type State uint8

// The three states of a term. NotStated is the zero value so that a new
// Quote, or a blank CSV cell, claims nothing on the vendor's behalf.
const (
	NotStated State = iota // the vendor did not say
	Stated                 // the vendor gave a value
	Refused                // the vendor was asked and declined to say
)

// String returns "not stated", "stated" or "refused". User-facing text
// should go through the label key instead (see LabelKey).
func (s State) String() string {
	switch s {
	case NotStated:
		return "not stated"
	case Stated:
		return "stated"
	case Refused:
		return "refused"
	}
	return "invalid state"
}

// LabelKey returns the i18n key for the state, e.g. "quote.state.not_stated".
func (s State) LabelKey() string {
	switch s {
	case NotStated:
		return "quote.state.not_stated"
	case Stated:
		return "quote.state.stated"
	case Refused:
		return "quote.state.refused"
	}
	return "quote.state.invalid"
}

// valid reports whether s is one of the three states; anything else can
// only come from a corrupt store row or a programming error.
func (s State) valid() bool { return s <= Refused }

// Term is one quoted term: its state and, only when State is Stated, its
// value. The value type carries the column's type: string for text,
// int64 for int, Decimal, bool, time.Time for a date (its calendar day in
// its own location; parsing gives UTC midnight) or an enumeration.
// The zero Term is not stated.
type Term[T any] struct {
	State State // what the vendor told us
	Value T     // meaningful only when State is Stated
}

// Of returns a stated term holding v.
func Of[T any](v T) Term[T] { return Term[T]{State: Stated, Value: v} }

// Get returns the value and true when the term is stated; otherwise the
// zero value and false, so callers cannot mistake "not stated" for zero.
func (t Term[T]) Get() (T, bool) {
	if t.State != Stated {
		var zero T
		return zero, false
	}
	return t.Value, true
}

// IsStated reports whether the vendor gave a value for the term.
func (t Term[T]) IsStated() bool { return t.State == Stated }

// Cell is one term rendered as text: its state and, when stated, the
// canonical value as the CSV export writes it. Diffs and views use it to
// treat every column alike whatever its type.
type Cell struct {
	State State  // the term's state
	Value string // canonical value; empty unless State is Stated
}

// String returns the value when stated, else "not stated" or "refused".
func (c Cell) String() string {
	if c.State == Stated {
		return c.Value
	}
	return c.State.String()
}
