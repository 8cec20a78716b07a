package sourcing

import (
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/redflag"
)

// VendorFlag is a red flag as a vendor reads it about its own draft:
// worded for the vendor, with no figure of the buyer's brief and none of
// the buyer's labels ("pause the deal", "ask the vendor").
type VendorFlag struct {
	ID         string
	Blocker    bool
	MessageKey string            // "sourcing.vendor_flag.<id>" or the rule's own message
	Data       map[string]string // the facts the message quotes: the vendor's own terms only
	Terms      []string          // the quote terms the flag reads, to link to their fields
}

// briefRules are the rules that compare the draft with the brief. Their
// messages quote the buyer's figures ("the brief's limit of 400000 EUR"),
// so a vendor reads a message of its own, which quotes none.
var briefRules = map[string]bool{
	"gpu_not_acceptable": true, "gpu_count_short": true, "residency_mismatch": true, "region_mismatch": true,
	"inter_node_fabric_below": true, "intra_node_below": true, "support_slower": true, "term_beyond_horizon": true,
	"min_spend_above_limit": true, "isolation_below_brief": true, "retry_waste_over_budget": true,
}

// GenericKey is the vendor's message for a flag whose own message would
// quote an internal figure and that has no vendor wording.
const GenericKey = "sourcing.vendor_flag.generic"

// ForVendor turns the flags raised on a vendor's draft into what the
// vendor may read. b is the brief as the buyer holds it (the rules ran on
// it) and internal its fields kept from vendors: a message that would
// carry one of their values is replaced by the generic one.
func ForVendor(flags []redflag.Flag, b brief.Brief, internal []string) []VendorFlag {
	out := make([]VendorFlag, 0, len(flags))
	for _, f := range flags {
		v := VendorFlag{ID: f.ID, Blocker: f.Severity == redflag.Blocker, MessageKey: f.MessageKey, Data: f.Data, Terms: f.Terms}
		switch {
		case briefRules[f.ID]:
			v.MessageKey, v.Data = "sourcing.vendor_flag."+f.ID, nil
		case quotesInternal(f.Data, b, internal):
			v.MessageKey, v.Data = GenericKey, nil
		}
		out = append(out, v)
	}
	return out
}

// quotesInternal says whether any fact of a flag carries the value of an
// internal brief field.
func quotesInternal(data map[string]string, b brief.Brief, internal []string) bool {
	for _, k := range internal {
		secret := strings.TrimSpace(b[k])
		if secret == "" {
			continue
		}
		for _, v := range data {
			if strings.Contains(v, secret) {
				return true
			}
		}
	}
	return false
}
