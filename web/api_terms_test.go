package web

import (
	"encoding/json"
	"testing"
)

// apiTerms encode as encoding/json encodes the plain map, so the faster
// encoder changes no response.
func TestAPITermsEncodeAsTheMap(t *testing.T) {
	full := make(apiTerms, len(quoteColumns))
	for i, c := range quoteColumns {
		full[c.Name] = apiTerm{State: "stated", Value: []string{"", "2.95", `<b> "x" & é` + "\n", "\u2028"}[i%4]}
	}
	partial := apiTerms{"provider": {State: "stated", Value: "Acme"}}
	extra := make(apiTerms, len(quoteColumns))
	for name, term := range full {
		extra[name] = term
	}
	delete(extra, "notes")
	extra["zz_unknown"] = apiTerm{State: "not_stated"}
	for _, terms := range []apiTerms{full, partial, extra, {}} {
		got, err := json.Marshal(struct{ T apiTerms }{terms})
		want, _ := json.Marshal(struct{ T map[string]apiTerm }{terms})
		if err != nil || string(got) != string(want) {
			t.Errorf("got  %s (%v)\nwant %s", got, err, want)
		}
	}
}
