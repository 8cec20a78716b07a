package brief

import (
	"reflect"
	"testing"
)

func TestPatchChangesOnlyTheFieldsGiven(t *testing.T) {
	current := Brief{"region": "EU", "node_count": "2", "gpus_per_node": "8"}
	got := Patch(current, Brief{"region": "US", "node_count": "", "notes": "x"})
	want := Brief{"region": "US", "gpus_per_node": "8", "notes": "x"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if current["region"] != "EU" || current["node_count"] != "2" {
		t.Errorf("the current brief changed: %v", current)
	}
}
