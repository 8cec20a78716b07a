package benchlog

import (
	"encoding/json"
	"reflect"
	"testing"
)

// Notes carry their key and values; an upload stored when notes were
// plain English strings still decodes, as a note without a key.
func TestNotesKeyedAndLegacyDecoded(t *testing.T) {
	rep, err := ParseNCCL(readTestdata(t, "nccl/h100-p5-2node-efa-srun-label-prefix.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if n := rep.Runs[0].Notes; len(n) == 0 || n[0].Key != NoteNoFooter || n[0].Text == "" {
		t.Fatalf("notes %+v", n)
	}
	var legacy struct{ Notes []Note }
	if err := json.Unmarshal([]byte(`{"Notes":["validation disabled (-c 0): results were not checked",{"key":"k","args":{"Line":"3"},"text":"t"}]}`), &legacy); err != nil {
		t.Fatal(err)
	}
	want := []Note{{Text: "validation disabled (-c 0): results were not checked"}, {Key: "k", Args: map[string]string{"Line": "3"}, Text: "t"}}
	if !reflect.DeepEqual(legacy.Notes, want) {
		t.Errorf("decoded %+v", legacy.Notes)
	}
	trimmed := newNote(NoteRowsTrimmed, "rows trimmed", "FooterGBs", "1.000", "RowsGBs", "2.000")
	if trimmed.Args["RowsGBs"] != "2.000" || trimmed.String() != "rows trimmed" {
		t.Errorf("note %+v", trimmed)
	}
}
