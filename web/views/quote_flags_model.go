package views

import (
	"regexp"
	"strings"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// QuotePlainNumber is a fact that is a bare decimal number ("550000", "2.5").
var QuotePlainNumber = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// quoteAmountThenCode is a number, a space and a currency code: the space
// is made non-breaking so "1,150,187.56 EUR" never wraps between the two.
var quoteAmountThenCode = regexp.MustCompile(`([0-9]) ([A-Z]{3})\b`)

// quoteFlagFacts shows a flag's facts as the pages show them: a brief
// option by its label ("dedicated nodes", not "dedicated_nodes"), a number
// in the reader's grouping ("550,000"). Other facts stay as the rule wrote
// them (names, regions, quoted text).
func quoteFlagFacts(z *i18n.Localizer, data map[string]string) map[string]any {
	out := make(map[string]any, len(data))
	for k, v := range data {
		switch {
		case k == "Attestation": // a compliance blocker names the attestation by its kind
			out[k] = z.T("sourcing.attestation." + v)
		case QuotePlainNumber.MatchString(v):
			out[k] = z.Decimal(v)
		case z.T("brief.option."+v) != "brief.option."+v:
			out[k] = z.T("brief.option." + v)
		default:
			out[k] = v
		}
	}
	return out
}

// QuoteKeepAmountsWhole joins each amount to its currency code with a
// non-breaking space.
func QuoteKeepAmountsWhole(s string) string {
	return quoteAmountThenCode.ReplaceAllString(s, "$1\u00a0$2")
}

// QuoteFlagViews translates flags; a message missing from the catalog
// falls back to the rule's own English text.
func QuoteFlagViews(z *i18n.Localizer, flags []redflag.Flag) []FlagView {
	out := make([]FlagView, 0, len(flags))
	for _, f := range flags {
		facts := quoteFlagFacts(z, f.Data)
		msg, question := z.T(f.MessageKey, facts), z.T(f.QuestionKey, facts)
		if msg == f.MessageKey {
			msg = f.Message
		}
		if question == f.QuestionKey {
			question = f.Question
		}
		msg, question = QuoteKeepAmountsWhole(msg), QuoteKeepAmountsWhole(question)
		var terms []string
		for _, name := range f.Terms {
			if c, ok := quote.ColumnByName(name); ok {
				terms = append(terms, z.T(c.Label))
			}
		}
		out = append(out, FlagView{Blocker: f.Severity == redflag.Blocker, Severity: z.T("redflag.severity." + string(f.Severity)),
			Message: msg, Question: question, Terms: strings.Join(terms, ", ")})
	}
	return out
}

// VendorFlagViews translates the flags a vendor reads about its draft:
// the vendor's wording and labels, each with links to the fields it reads.
func VendorFlagViews(z *i18n.Localizer, flags []sourcing.VendorFlag) []VendorFlagView {
	out := make([]VendorFlagView, 0, len(flags))
	for _, f := range flags {
		data := f.Data
		if k, ok := f.Data["Attestation"]; ok { // a compliance flag names its attestation in the reader's language
			data = map[string]string{"Attestation": z.T("sourcing.attestation." + k)}
		}
		v := VendorFlagView{Blocker: f.Blocker, Severity: z.T("sourcing.vendor_severity.warning"), Message: z.T(f.MessageKey, data)}
		if f.Blocker {
			v.Severity = z.T("sourcing.vendor_severity.blocker")
		}
		if v.Message == f.MessageKey { // no vendor wording in this language
			v.Message = z.T(sourcing.GenericKey)
		}
		for _, name := range f.Terms {
			if c, ok := quote.ColumnByName(name); ok && name != "provider" {
				v.Terms = append(v.Terms, TermLink{Name: name, Label: z.T(c.Label)})
			}
		}
		out = append(out, v)
	}
	return out
}

// VendorCheck translates what a draft raises, as its vendor reads it.
func VendorCheck(z *i18n.Localizer, c rfq.Check, flags []sourcing.VendorFlag) DraftCheck {
	out := DraftCheck{Percent: c.Percent(), Blockers: c.Blockers, Warnings: c.Warnings, Flags: VendorFlagViews(z, flags),
		Summary: z.T("vendor.completeness", map[string]any{"Answered": c.Stated + c.Refused, "Total": c.Total})}
	for _, name := range c.Missing {
		if col, ok := quote.ColumnByName(name); ok {
			out.Missing = append(out.Missing, TermLink{Name: name, Label: z.T("vendor.missing", map[string]any{"Term": z.T(col.Label)})})
		}
	}
	return out
}
