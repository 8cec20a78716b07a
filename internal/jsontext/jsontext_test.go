package jsontext

import (
	"encoding/json"
	"testing"
)

// AppendString writes what encoding/json writes, for any string.
func FuzzAppendStringMatchesEncodingJSON(f *testing.F) {
	for _, s := range []string{"", "plain text", `a "quoted" \ word`, "<b>&</b>", "tab\there\n", "é 中文", "\xff", "\u2028", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendString([]byte("x"), s); string(got) != "x"+string(want) {
			t.Errorf("%q: got %s, want %s", s, got[1:], want)
		}
	})
}
