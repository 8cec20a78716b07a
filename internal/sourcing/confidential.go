package sourcing

import (
	"errors"
	"slices"
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
)

// DefaultInternal are the brief fields kept from vendors unless the buyer
// shares them: the budget. A vendor who reads the buyer's limit quotes up
// to it.
var DefaultInternal = []string{"min_spend_limit"}

// ErrUnknownField is an internal-field list naming no brief field.
var ErrUnknownField = errors.New("sourcing: not a brief field")

// CheckInternal normalises a round's list of internal fields: known brief
// fields only, each once, in form order. nil means the default.
func CheckInternal(fields []string) ([]string, error) {
	if fields == nil {
		return slices.Clone(DefaultInternal), nil
	}
	want := map[string]bool{}
	for _, f := range fields {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if _, ok := brief.Lookup(f); !ok {
			return nil, ErrUnknownField
		}
		want[f] = true
	}
	out := []string{}
	for _, f := range brief.Fields {
		if want[f.Key] {
			out = append(out, f.Key)
		}
	}
	return out, nil
}

// VendorBrief is the brief as vendors read it: the internal fields left
// out. The buyer's copy is not changed.
func VendorBrief(b brief.Brief, internal []string) brief.Brief {
	out := make(brief.Brief, len(b))
	for k, v := range b {
		if !slices.Contains(internal, k) {
			out[k] = v
		}
	}
	return out
}

// IsInternal says whether field k is kept from vendors.
func IsInternal(internal []string, k string) bool { return slices.Contains(internal, k) }
