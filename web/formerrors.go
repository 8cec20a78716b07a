package web

import (
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/form"
	"github.com/gpuquote/gpuquote/web/views"
)

// translate turns message keys by field into texts by field.
func translate(z *i18n.Localizer, errs form.Errors) map[string]string {
	out := make(map[string]string, len(errs))
	for k, key := range errs {
		out[k] = z.T(key)
	}
	return out
}

// briefErrors words each refused brief field for that field: a whole
// number asks for one, a percentage gives its 0–100 range, a bounded
// number names its bounds ("too large for this field" says neither).
func briefErrors(z *i18n.Localizer, errs form.Errors) map[string]string {
	out := make(map[string]string, len(errs))
	for k, key := range errs {
		out[k] = z.T(key)
		f, ok := brief.Lookup(k)
		if !ok {
			continue
		}
		switch {
		case f.Kind == brief.Percent && (key == brief.ErrNotNumber.Error() || key == brief.ErrTooLarge.Error() || key == brief.ErrNegative.Error()):
			out[k] = z.T("brief.error.percent")
		case f.Kind == brief.Int && key == brief.ErrNotNumber.Error():
			out[k] = z.T(brief.ErrNotWhole.Error())
		case (key == brief.ErrTooLarge.Error() || key == brief.ErrNegative.Error()) && f.Max > 0:
			max := z.Decimal(strconv.FormatFloat(f.Max, 'f', -1, 64))
			if f.Unit != "" {
				max += "\u00a0" + f.Unit
			}
			out[k] = z.T("brief.error.range", map[string]any{"Max": max})
		}
	}
	return out
}

// briefSummary lists the refused fields in the form's order, for the
// error summary at the top of the page.
func briefSummary(r *http.Request, msgs map[string]string) []views.FormError {
	var out []views.FormError
	for _, f := range brief.Fields {
		if msg, ok := msgs[f.Key]; ok {
			out = append(out, views.FormError{Target: "f-" + f.Key, Label: views.FieldLabel(r.Context(), f.Key), Message: msg})
		}
	}
	return out
}

// fieldSummary lists msgs in the form's order for the error summary:
// fields are (name, label key) pairs, and each field's element id is
// prefix + name.
func fieldSummary(z *i18n.Localizer, msgs map[string]string, prefix string, fields ...[2]string) []views.FormError {
	var out []views.FormError
	for _, f := range fields {
		if msg := msgs[f[0]]; msg != "" {
			out = append(out, views.FormError{Target: prefix + f[0], Label: z.T(f[1]), Message: msg})
		}
	}
	return out
}

// quoteSummary lists the quote form's refused terms, group by group.
func quoteSummary(groups []views.TermGroup) []views.FormError {
	var out []views.FormError
	for _, g := range groups {
		for _, f := range g.Fields {
			if f.Error != "" {
				out = append(out, views.FormError{Target: "v-" + f.Name, Label: f.Label, Message: f.Error})
			}
		}
	}
	return out
}
