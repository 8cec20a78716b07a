package quote

import "testing"

// Valid is the one check of a rental model: the CSV reader, the cost
// model and the decision all accept exactly the contract's list.
func TestRentalModelValid(t *testing.T) {
	for _, m := range RentalModels() {
		if !m.Valid() {
			t.Errorf("%s is not valid", m)
		}
	}
	for _, m := range []RentalModel{"", "spot", "On_Demand", "reserved "} {
		if m.Valid() {
			t.Errorf("%q is valid", m)
		}
	}
	if got := RentalReserved.LabelKey(); got != "quote.term.rental_model.reserved" {
		t.Errorf("LabelKey = %q", got)
	}
}
