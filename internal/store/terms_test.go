package store

import (
	"encoding/json"
	"reflect"
	"testing"
)

// flatStrings reads what encoding/json reads wherever it answers, and
// answers for what PostgreSQL sends back for stored terms.
func FuzzFlatStringsAgrees(f *testing.F) {
	for _, s := range []string{`{}`, `{"a": "b", "c": ""}`, `{"notes": "line\nbreak \"quoted\" \u00e9 \ud83d\ude00"}`,
		` { "a" : "b" } `, `{"a": 1}`, `{"a": "b",}`, `{"a": "b"} x`, `{"a": "\x01"}`, "{\"a\": \"\xff\"}", `{"a": "b", "a": "c"}`, `[]`, `{"a": "\q"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := flatStrings(s)
		var want map[string]string
		err := json.Unmarshal([]byte(s), &want)
		if ok && (err != nil || !reflect.DeepEqual(got, want)) {
			t.Errorf("%q: flatStrings %q, encoding/json %q %v", s, got, want, err)
		}
	})
}

func TestFlatStringsReadsStoredTerms(t *testing.T) {
	t.Parallel()
	for _, s := range []string{`{"provider": "Acme", "notes": "two\nlines, \"quoted\""}`, `{}`} {
		if _, ok := flatStrings(s); !ok {
			t.Errorf("%q took the slow path", s)
		}
	}
}
