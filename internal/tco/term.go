package tco

import "fmt"

// Status says what the vendor told us about one term. Not stated and
// refused are kept apart because a refusal is a stronger signal to the
// buyer than an omission, though the cost model treats both as missing.
type Status string

// The three term states, spelled as in the quote CSV contract.
const (
	StatusStated    Status = "stated"
	StatusNotStated Status = "not_stated"
	StatusRefused   Status = "refused"
)

// Term is one optional quote term. Known is true exactly when the vendor
// stated Value; Status then is StatusStated (or empty). The zero Term is
// not stated, so a quote field nobody filled in claims nothing.
type Term[T any] struct {
	Known  bool   // the vendor stated Value
	Status Status // stated, not_stated or refused; empty means derive from Known
	Value  T      // meaningful only when Known
}

// Stated returns a term the vendor stated as v.
func Stated[T any](v T) Term[T] { return Term[T]{Known: true, Status: StatusStated, Value: v} }

// NotStated returns a term the vendor did not state.
func NotStated[T any]() Term[T] { return Term[T]{Status: StatusNotStated} }

// Refused returns a term the vendor refused to state.
func Refused[T any]() Term[T] { return Term[T]{Status: StatusRefused} }

// state returns the term's normalised status, or an error when Known and
// Status disagree: a stated-but-unknown term would otherwise be priced as
// its zero value, which is the one thing this package must never do.
func (t Term[T]) state() (Status, error) {
	switch {
	case t.Known && (t.Status == "" || t.Status == StatusStated):
		return StatusStated, nil
	case !t.Known && (t.Status == "" || t.Status == StatusNotStated):
		return StatusNotStated, nil
	case !t.Known && t.Status == StatusRefused:
		return StatusRefused, nil
	}
	return "", fmt.Errorf("known=%t contradicts status %q", t.Known, t.Status)
}
