package quote

import (
	"errors"
	"testing"
)

func TestFormCellsReadsEachTermsStateAndValue(t *testing.T) {
	in := map[string]string{
		"state_provider": "stated", "v_provider": " Acme ",
		"state_nodes": "stated", "v_nodes": "1,5",
		"state_gpus_per_node": "stated", "v_gpus_per_node": "",
		"state_min_spend": "refused",
		"v_upfront":       "10",
	}
	parse := func(s string) (string, error) {
		if s == "1,5" {
			return "", errors.New("ambiguous")
		}
		return s, nil
	}
	cells, raw, errs := FormCells(func(k string) string { return in[k] }, parse)
	if cells["provider"] != "Acme" || cells["min_spend"] != "refused" || raw["upfront"] != [2]string{"not_stated", "10"} {
		t.Errorf("cells %v raw %v", cells, raw)
	}
	want := map[string]string{"nodes": "form.error.ambiguous_number", "gpus_per_node": "quote.error.value_missing", "upfront": "quote.error.state_value"}
	if len(errs) != len(want) {
		t.Errorf("errors %v", errs)
	}
	for k, v := range want {
		if errs[k] != v {
			t.Errorf("%s: %q, want %q", k, errs[k], v)
		}
	}
}
