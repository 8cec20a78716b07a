package form

import (
	"net/url"
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
)

// BriefPost is the brief editor's submission: Typed, the input as typed
// (multi-valued fields joined); Base, the stored values the form was
// opened with (posted back beside the inputs as base_<field>, so a
// conflict can tell the editor's changes from the other editor's); Data,
// the brief it reads as; Errors, the refused fields' message keys (nil
// for none).
type BriefPost struct {
	Typed  map[string]string
	Base   brief.Brief
	Data   brief.Brief
	Errors Errors
}

// ReadBriefPost reads the brief editor's form, numbers with decimal (a
// number it cannot read unambiguously is refused, not read as whatever
// its text parses to).
func ReadBriefPost(vals url.Values, decimal func(string) (string, error)) BriefPost {
	p := BriefPost{Typed: map[string]string{}, Base: brief.Brief{}}
	for _, f := range brief.Fields {
		if f.Kind == brief.Multi {
			p.Typed[f.Key] = strings.Join(vals[f.Key], ",")
		} else {
			p.Typed[f.Key] = vals.Get(f.Key)
		}
		if v := vals.Get("base_" + f.Key); v != "" {
			p.Base[f.Key] = v
		}
	}
	raw, numErrs := BriefValues(vals, decimal)
	p.Data, p.Errors = Brief(raw)
	for k, key := range numErrs {
		if p.Errors == nil {
			p.Errors = Errors{}
		}
		p.Errors[k] = key
	}
	return p
}
