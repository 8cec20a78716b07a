package sourcing

import (
	"slices"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/redflag"
)

func TestVendorBriefLeavesTheBudgetOut(t *testing.T) {
	b := brief.Brief{"min_spend_limit": "400000", "budget_currency": "EUR", "region": "EU"}
	internal, err := CheckInternal(nil)
	if err != nil {
		t.Fatal(err)
	}
	v := VendorBrief(b, internal)
	if v.Filled("min_spend_limit") || v["budget_currency"] != "EUR" || v["region"] != "EU" {
		t.Errorf("vendor brief: %v", v)
	}
	if b["min_spend_limit"] != "400000" {
		t.Errorf("the buyer's brief was changed: %v", b)
	}
	if _, err := CheckInternal([]string{"secret_sauce"}); err == nil {
		t.Errorf("an unknown field is accepted")
	}
	got, _ := CheckInternal([]string{"region", " min_spend_limit", "region", ""})
	if !slices.Equal(got, []string{"region", "min_spend_limit"}) {
		t.Errorf("normalised: %v", got)
	}
	if got, _ := CheckInternal([]string{}); len(got) != 0 {
		t.Errorf("sharing every field: %v", got)
	}
}

func TestVendorFlagsQuoteNoBuyerFigure(t *testing.T) {
	b := brief.Brief{"min_spend_limit": "400000", "budget_currency": "EUR"}
	flags := []redflag.Flag{
		{ID: "min_spend_above_limit", Severity: redflag.Blocker, MessageKey: "redflag.min_spend_above_limit.message",
			Data: map[string]string{"Spend": "550000", "Limit": "400000", "Budget": "EUR"}},
		{ID: "some_future_rule", Severity: redflag.Warning, MessageKey: "redflag.some_future_rule.message",
			Data: map[string]string{"Limit": "400000 EUR"}},
		{ID: "egress_missing", Severity: redflag.Warning, MessageKey: "redflag.egress_missing.message"},
	}
	got := ForVendor(flags, b, DefaultInternal)
	if got[0].MessageKey != "sourcing.vendor_flag.min_spend_above_limit" || got[0].Data != nil || !got[0].Blocker {
		t.Errorf("brief rule: %+v", got[0])
	}
	if got[1].MessageKey != GenericKey || got[1].Data != nil {
		t.Errorf("a message quoting the internal limit: %+v", got[1])
	}
	if got[2].MessageKey != "redflag.egress_missing.message" {
		t.Errorf("a flag on the vendor's own terms: %+v", got[2])
	}
	for _, f := range got {
		for _, v := range f.Data {
			if strings.Contains(v, "400000") {
				t.Errorf("%s quotes the budget", f.ID)
			}
		}
	}
}
