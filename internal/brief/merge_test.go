package brief

import (
	"reflect"
	"testing"
)

func TestMergeKeepsTheOtherEditorsChangesAndListsClashes(t *testing.T) {
	base := Brief{"gpus_per_node": "8", "node_count": "2", "region": "EU"}
	theirs := Brief{"gpus_per_node": "8", "node_count": "4", "region": "US"}
	yours := Brief{"gpus_per_node": "16", "node_count": "2", "region": "APAC"}
	merged, clashes := Merge(base, theirs, yours)
	want := Brief{"gpus_per_node": "16", "node_count": "4", "region": "APAC"}
	if !reflect.DeepEqual(merged, want) {
		t.Errorf("merged = %v, want %v", merged, want)
	}
	if !reflect.DeepEqual(clashes, []string{"region"}) {
		t.Errorf("clashes = %v", clashes)
	}
	// A field the other editor cleared stays cleared unless you changed it.
	merged, _ = Merge(Brief{"region": "EU"}, Brief{}, Brief{"region": "EU"})
	if merged.Filled("region") {
		t.Errorf("their clearing was undone: %v", merged)
	}
}
