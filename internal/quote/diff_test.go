package quote

import (
	"reflect"
	"testing"
)

func TestDiff(t *testing.T) {
	a := Quote{
		Provider:         Of("Acme"),
		RentalModel:      Of(RentalReserved),
		Currency:         Of("USD"),
		PricePerGPUHour:  Of(DecimalFromMicros(2_950_000)),
		EgressPricePerGB: Of(DecimalFromMicros(50_000)),
		Notes:            Of("first offer"),
	}
	if got := Diff(a, a); got != nil {
		t.Errorf("Diff(a, a) = %v, want none", got)
	}

	b := a
	b.PricePerGPUHour = Of(DecimalFromMicros(2_750_000))
	b.EgressPricePerGB = Term[Decimal]{State: Refused}
	b.GPUModel = Of("H200")
	b.Notes = Term[string]{}
	want := []Change{
		{Column: "gpu_model", Label: "quote.term.gpu_model", Old: Cell{State: NotStated}, New: Cell{State: Stated, Value: "H200"}},
		{Column: "price_per_gpu_hour", Label: "quote.term.price_per_gpu_hour", Old: Cell{Stated, "2.95"}, New: Cell{Stated, "2.75"}},
		{Column: "egress_price_per_gb", Label: "quote.term.egress_price_per_gb", Old: Cell{Stated, "0.05"}, New: Cell{State: Refused}},
		{Column: "notes", Label: "quote.term.notes", Old: Cell{Stated, "first offer"}, New: Cell{State: NotStated}},
	}
	got := Diff(a, b)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Diff =\n%+v\nwant\n%+v", got, want)
	}
	display := [][2]string{{"not stated", "H200"}, {"2.95", "2.75"}, {"0.05", "refused"}, {"first offer", "not stated"}}
	for i, c := range got {
		if c.Old.String() != display[i][0] || c.New.String() != display[i][1] {
			t.Errorf("%s displays %q → %q, want %q → %q", c.Column, c.Old, c.New, display[i][0], display[i][1])
		}
	}
}

// A leftover value in a term that is not stated is not a change: the
// vendor said nothing in either revision.
func TestDiffIgnoresValuesOfUnstatedTerms(t *testing.T) {
	a := Quote{Nodes: Term[int64]{State: NotStated, Value: 4}}
	b := Quote{Nodes: Term[int64]{}}
	if got := Diff(a, b); got != nil {
		t.Errorf("Diff = %v, want none", got)
	}
}
