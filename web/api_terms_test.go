package web

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// apiTerms encode as encoding/json encodes the plain map, so the faster
// encoder changes no response.
func fullTerms() apiTerms {
	full := make(apiTerms, len(quoteColumns))
	for i, c := range quoteColumns {
		full[c.Name] = apiTerm{State: "stated", Value: []string{"", "2.95", `<b> "x" & é` + "\n", "\u2028"}[i%4]}
	}
	return full
}

func TestAPITermsEncodeAsTheMap(t *testing.T) {
	full := fullTerms()
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

// The import's response, spliced from quotes encoded before their ids
// were known, is what writeJSON wrote for the preview with its ids.
func TestImportedJSONIsTheEncodedPreview(t *testing.T) {
	preview := []apiQuote{
		{Provider: apiProvider{Name: "Acme <&>"}, Terms: apiTerms{"provider": {State: "stated", Value: "Acme"}}, Flags: []apiFlag{},
			Blockers: 1},
		{Provider: apiProvider{Name: "Beta"}, Terms: apiTerms{}, Flags: []apiFlag{{ID: "x", Severity: "warning", Message: "m \"q\"", Terms: []string{"nodes"}}},
			Warnings: 1},
		// Text that spells the field the terms are spliced into.
		{Provider: apiProvider{Name: `"terms":null`, Category: `\"terms":null`}, Author: `,"terms":null}`, Terms: fullTerms(), Flags: []apiFlag{}},
	}
	res := evaluation.ImportResult{QuoteIDs: []int64{41, 1000000, 7}, Plan: quote.ImportPlan{New: 2, Revisions: 1, Rows: []quote.PlannedRow{
		{Action: quote.RowNew}, {Action: quote.RowRevision, Changes: []quote.Change{{Column: "nodes", Old: quote.Cell{State: quote.Stated, Value: "2"}}}}, {Action: quote.RowNew}}}}
	revised := preview[1]
	revised.Changes = apiChanges(res.Plan.Rows[1].Changes)
	got := string(importedJSON(res, encodeWithoutIDs(preview), map[int][]byte{1: marshalAPIQuote(revised)}))
	preview[1] = revised
	for i := range preview {
		preview[i].ID, preview[i].ImportAction = res.QuoteIDs[i], string(res.Plan.Rows[i].Action)
	}
	var want bytes.Buffer
	_ = json.NewEncoder(&want).Encode(map[string]any{"imported": 2, "revised": 1, "unchanged": 0, "quotes": preview})
	if got != want.String() {
		t.Errorf("got  %s\nwant %s", got, want.String())
	}
}
