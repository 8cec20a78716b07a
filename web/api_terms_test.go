package web

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

// views.QuoteTermsJSON encode as encoding/json encodes the plain map, so the faster
// encoder changes no response.
func fullTerms() views.QuoteTermsJSON {
	full := make(views.QuoteTermsJSON, len(views.QuoteColumns))
	for i, c := range views.QuoteColumns {
		full[c.Name] = views.QuoteTermJSON{State: "stated", Value: []string{"", "2.95", `<b> "x" & é` + "\n", "\u2028"}[i%4]}
	}
	return full
}

func TestAPITermsEncodeAsTheMap(t *testing.T) {
	full := fullTerms()
	partial := views.QuoteTermsJSON{"provider": {State: "stated", Value: "Acme"}}
	extra := make(views.QuoteTermsJSON, len(views.QuoteColumns))
	for name, term := range full {
		extra[name] = term
	}
	delete(extra, "notes")
	extra["zz_unknown"] = views.QuoteTermJSON{State: "not_stated"}
	for _, terms := range []views.QuoteTermsJSON{full, partial, extra, {}} {
		got, err := json.Marshal(struct{ T views.QuoteTermsJSON }{terms})
		want, _ := json.Marshal(struct {
			T map[string]views.QuoteTermJSON
		}{terms})
		if err != nil || string(got) != string(want) {
			t.Errorf("got  %s (%v)\nwant %s", got, err, want)
		}
	}
}

// The import's response, spliced from quotes encoded before their ids
// were known, is what writeJSON wrote for the preview with its ids.
func TestImportedJSONIsTheEncodedPreview(t *testing.T) {
	preview := []views.QuoteJSON{
		{Provider: views.QuoteProviderJSON{Name: "Acme <&>"}, Terms: views.QuoteTermsJSON{"provider": {State: "stated", Value: "Acme"}}, Flags: []views.QuoteFlagJSON{},
			Blockers: 1},
		{Provider: views.QuoteProviderJSON{Name: "Beta"}, Terms: views.QuoteTermsJSON{}, Flags: []views.QuoteFlagJSON{{ID: "x", Severity: "warning", Message: "m \"q\"", Terms: []string{"nodes"}}},
			Warnings: 1},
		// Text that spells the field the terms are spliced into.
		{Provider: views.QuoteProviderJSON{Name: `"terms":null`, Category: `\"terms":null`}, Author: `,"terms":null}`, Terms: fullTerms(), Flags: []views.QuoteFlagJSON{}},
	}
	res := evaluation.ImportResult{QuoteIDs: []int64{41, 1000000, 7}, Plan: quote.ImportPlan{New: 2, Revisions: 1, Rows: []quote.PlannedRow{
		{Action: quote.RowNew}, {Action: quote.RowRevision, Changes: []quote.Change{{Column: "nodes", Old: quote.Cell{State: quote.Stated, Value: "2"}}}}, {Action: quote.RowNew}}}}
	revised := preview[1]
	revised.Changes = views.QuoteChangesJSON(res.Plan.Rows[1].Changes)
	got := string(views.ImportedJSON(res.Plan, res.QuoteIDs, views.EncodeQuotesJSON(preview), map[int][]byte{1: views.MarshalQuoteJSON(revised)}))
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
