package tco

import (
	"errors"
	"testing"
)

func TestTermState(t *testing.T) {
	tests := []struct {
		name    string
		term    Term[float64]
		want    Status
		wantErr bool
	}{
		{"zero value is not stated", Term[float64]{}, StatusNotStated, false},
		{"Stated", Stated(2.5), StatusStated, false},
		{"known without status", Term[float64]{Known: true, Value: 1}, StatusStated, false},
		{"NotStated", NotStated[float64](), StatusNotStated, false},
		{"Refused", Refused[float64](), StatusRefused, false},
		{"known but refused", Term[float64]{Known: true, Status: StatusRefused}, "", true},
		{"stated but unknown", Term[float64]{Status: StatusStated}, "", true},
		{"unknown status", Term[float64]{Status: "maybe"}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.term.state()
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("state() = %q, %v; want %q, error %t", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

// A contradictory term must stop the worksheet: priced as its zero value it
// would make a quote look cheaper than it is.
func TestComputeRejectsContradictoryTerm(t *testing.T) {
	q := fullQuote("a", Reserved, 2)
	q.EgressPerGB = Term[float64]{Status: StatusStated}
	_, err := Compute([]Quote{q}, testAssumptions())
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("Compute error = %v, want ErrInvalid", err)
	}
}
