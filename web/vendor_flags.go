package web

import (
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/web/views"
)

// vendorFlagViews translates the flags a vendor reads about its draft:
// the vendor's wording and labels, each with links to the fields it reads.
func vendorFlagViews(z *i18n.Localizer, flags []sourcing.VendorFlag) []views.VendorFlagView {
	out := make([]views.VendorFlagView, 0, len(flags))
	for _, f := range flags {
		data := f.Data
		if k, ok := f.Data["Attestation"]; ok { // a compliance flag names its attestation in the reader's language
			data = map[string]string{"Attestation": z.T("sourcing.attestation." + k)}
		}
		v := views.VendorFlagView{Blocker: f.Blocker, Severity: z.T("sourcing.vendor_severity.warning"), Message: z.T(f.MessageKey, data)}
		if f.Blocker {
			v.Severity = z.T("sourcing.vendor_severity.blocker")
		}
		if v.Message == f.MessageKey { // no vendor wording in this language
			v.Message = z.T(sourcing.GenericKey)
		}
		for _, name := range f.Terms {
			if c, ok := quote.ColumnByName(name); ok && name != "provider" {
				v.Terms = append(v.Terms, views.TermLink{Name: name, Label: z.T(c.Label)})
			}
		}
		out = append(out, v)
	}
	return out
}

// vendorCheck translates what a draft raises, as its vendor reads it.
func vendorCheck(z *i18n.Localizer, c rfq.Check, flags []sourcing.VendorFlag) views.DraftCheck {
	out := views.DraftCheck{Percent: c.Percent(), Blockers: c.Blockers, Warnings: c.Warnings, Flags: vendorFlagViews(z, flags),
		Summary: z.T("vendor.completeness", map[string]any{"Answered": c.Stated + c.Refused, "Total": c.Total})}
	for _, name := range c.Missing {
		if col, ok := quote.ColumnByName(name); ok {
			out.Missing = append(out.Missing, views.TermLink{Name: name, Label: z.T("vendor.missing", map[string]any{"Term": z.T(col.Label)})})
		}
	}
	return out
}
