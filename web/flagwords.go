package web

import (
	"regexp"

	"github.com/gpuquote/gpuquote/internal/i18n"
)

// plainNumber is a fact that is a bare decimal number ("550000", "2.5").
var plainNumber = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// amountThenCode is a number, a space and a currency code: the space is
// made non-breaking so "1,150,187.56 EUR" never wraps between the two.
var amountThenCode = regexp.MustCompile(`([0-9]) ([A-Z]{3})\b`)

// flagFacts shows a flag's facts as the pages show them: a brief option
// by its label ("dedicated nodes", not "dedicated_nodes"), a number in
// the reader's grouping ("550,000"). Other facts stay as the rule wrote
// them (names, regions, quoted text).
func flagFacts(z *i18n.Localizer, data map[string]string) map[string]any {
	out := make(map[string]any, len(data))
	for k, v := range data {
		switch {
		case k == "Attestation": // a compliance blocker names the attestation by its kind
			out[k] = z.T("sourcing.attestation." + v)
		case plainNumber.MatchString(v):
			out[k] = z.Decimal(v)
		case z.T("brief.option."+v) != "brief.option."+v:
			out[k] = z.T("brief.option." + v)
		default:
			out[k] = v
		}
	}
	return out
}

// keepAmountsWhole joins each amount to its currency code with a
// non-breaking space.
func keepAmountsWhole(s string) string { return amountThenCode.ReplaceAllString(s, "$1\u00a0$2") }
