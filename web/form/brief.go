package form

import (
	"errors"
	"net/url"
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
)

// briefTag is the validator rule for a brief field's raw text; numbers,
// options, ranges and canonical forms are the brief package's domain rules,
// because they depend on the field table and the locale's decimal mark.
func briefTag(f brief.Field) string {
	if f.Kind == brief.Text {
		return "max=2000"
	}
	return ""
}

// BriefValues extracts the brief's fields from a form, joining multi-valued
// checkboxes, and converting the locale's decimal marks with decimal. A
// number decimal cannot read unambiguously is an error for its field.
func BriefValues(vals url.Values, decimal func(string) (string, error)) (map[string]string, Errors) {
	raw := map[string]string{}
	errs := Errors{}
	for _, f := range brief.Fields {
		switch f.Kind {
		case brief.Multi:
			raw[f.Key] = strings.Join(vals[f.Key], ",")
		case brief.Int, brief.Decimal, brief.Percent:
			if v := strings.TrimSpace(vals.Get(f.Key)); v != "" {
				d, err := decimal(v)
				if err != nil {
					errs[f.Key] = "form.error.ambiguous_number"
					raw[f.Key] = v
					continue
				}
				raw[f.Key] = d
			}
		default:
			raw[f.Key] = strings.TrimSpace(vals.Get(f.Key))
		}
	}
	if len(errs) == 0 {
		errs = nil
	}
	return raw, errs
}

// Brief validates raw brief input: the validator checks each field's shape,
// then the brief package normalises it and checks ranges. Errors are
// message keys by field.
func Brief(raw map[string]string) (brief.Brief, Errors) {
	errs := Errors{}
	clean := map[string]string{}
	for _, f := range brief.Fields {
		v := raw[f.Key]
		if v == "" {
			continue
		}
		if key := Var(v, briefTag(f)); key != "" {
			errs[f.Key] = key
			continue
		}
		clean[f.Key] = v
	}
	b, domainErrs := brief.Parse(clean)
	for k, err := range domainErrs {
		errs[k] = errorKey(err)
	}
	if len(errs) == 0 {
		return b, nil
	}
	return b, errs
}

func errorKey(err error) string {
	for _, e := range []error{brief.ErrNotNumber, brief.ErrNotWhole, brief.ErrNegative, brief.ErrTooLarge, brief.ErrNotOption, brief.ErrTooLong, brief.ErrUnknownField} {
		if errors.Is(err, e) {
			return e.Error()
		}
	}
	return "form.error.invalid"
}
