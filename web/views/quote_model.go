package views

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
)

// QuoteMoneyColumns are amounts in the quote's currency.
var QuoteMoneyColumns = map[string]bool{"price_per_gpu_hour": true, "min_spend": true, "upfront": true,
	"storage_price_per_tb_month": true, "egress_price_per_gb": true}

// QuoteStateName is the form's and the page's word for a term state.
func QuoteStateName(s quote.State) string {
	switch s {
	case quote.Stated:
		return "stated"
	case quote.Refused:
		return "refused"
	}
	return "not_stated"
}

// QuoteTermText renders a stated cell for reading in the user's language.
func QuoteTermText(z *i18n.Localizer, c quote.Column, q *quote.Quote) string {
	cell := c.Cell(q)
	switch cell.State {
	case quote.Refused:
		return z.T("quote.state.refused")
	case quote.NotStated:
		return z.T("quote.state.not_stated")
	}
	v := cell.Value
	switch c.Kind {
	case quote.KindEnum:
		return z.T(c.ValueLabel(v))
	case quote.KindBool:
		return z.T("common." + v)
	case quote.KindInt, quote.KindDecimal:
		if QuoteMoneyColumns[c.Name] {
			cur, _ := q.Currency.Get()
			return z.Decimal(v) + "\u00a0" + cur
		}
		return z.Decimal(v)
	case quote.KindDate:
		if t, err := time.Parse(time.DateOnly, v); err == nil {
			return z.Date(t)
		}
	}
	return v
}

// QuoteTermGroups lays a quote's terms out by group for the quote page.
func QuoteTermGroups(z *i18n.Localizer, q quote.Quote) []TermGroup {
	var out []TermGroup
	for _, g := range quote.Groups() {
		tg := TermGroup{Label: z.T(g.LabelKey())}
		for _, c := range quote.Columns() {
			if c.Group == g {
				tg.Terms = append(tg.Terms, TermView{Label: z.T(c.Label), State: QuoteStateName(c.State(&q)), Text: QuoteTermText(z, c, &q)})
			}
		}
		out = append(out, tg)
	}
	return out
}

// QuoteFormGroups builds the quote form from a quote and, after a failed
// submission, the user's raw input and errors.
func QuoteFormGroups(z *i18n.Localizer, q quote.Quote, raw map[string][2]string, errs map[string]string) []TermGroup {
	var out []TermGroup
	for _, g := range quote.Groups() {
		tg := TermGroup{Label: z.T(g.LabelKey())}
		for _, c := range quote.Columns() {
			if c.Group != g {
				continue
			}
			f := TermField{Name: c.Name, Label: z.T(c.Label), Kind: string(c.Kind), Required: c.Required, Error: errs[c.Name]}
			if r, ok := raw[c.Name]; ok {
				f.State, f.Value = r[0], r[1]
			} else {
				cell := c.Cell(&q)
				f.State, f.Value = QuoteStateName(cell.State), cell.Value
				if c.Kind == quote.KindDecimal && f.Value != "" {
					f.Value = z.Decimal(f.Value)
				}
			}
			switch c.Kind {
			case quote.KindEnum:
				for _, v := range c.Values {
					f.Options = append(f.Options, Option{Value: v, Label: z.T(c.ValueLabel(v))})
				}
			case quote.KindBool:
				f.Options = []Option{{Value: "yes", Label: z.T("common.yes")}, {Value: "no", Label: z.T("common.no")}}
			}
			tg.Fields = append(tg.Fields, f)
		}
		out = append(out, tg)
	}
	return out
}

// QuoteReasonText translates a codec's reason for a bad cell: English
// keeps the codec's precise wording; other languages get the catalog's
// message for the column's kind.
func QuoteReasonText(ctx context.Context, column, reason string) string {
	z := i18n.From(ctx)
	if z.Lang == "en" {
		return reason
	}
	c, ok := quote.ColumnByName(column)
	switch {
	case !ok:
		return z.T("import.error.unknown_column", map[string]any{"Column": column})
	case strings.Contains(reason, "required"):
		return z.T("quote.error.required")
	}
	if max, ok := quote.Bound(column); ok && strings.Contains(reason, "must be at most") {
		return z.T("quote.error.at_most", map[string]any{"Max": z.Decimal(strconv.FormatInt(max, 10))})
	}
	return z.T(quoteKindErrorKey(c.Kind))
}

func quoteKindErrorKey(k quote.Kind) string {
	switch k {
	case quote.KindInt:
		return "form.error.number"
	case quote.KindDecimal:
		return "form.error.numeric"
	case quote.KindDate:
		return "reference.error.date"
	case quote.KindEnum, quote.KindBool:
		return "form.error.oneof"
	}
	return "form.error.invalid"
}

// QuoteRowReason is a bad row's reason in the reader's language: a
// problem found by matching (Code) has its own message; a cell's is
// QuoteReasonText's.
func QuoteRowReason(ctx context.Context, re quote.RowError) string {
	if re.Code != "" {
		return i18n.T(ctx, "import.error."+re.Code, re.Args)
	}
	return QuoteReasonText(ctx, re.Column, re.Reason)
}

// QuoteRowErrors translates a codec import error for the page.
func QuoteRowErrors(ctx context.Context, err error) []ImportRowError {
	var ie *quote.ImportError
	if !errors.As(err, &ie) {
		return []ImportRowError{{Reason: i18n.T(ctx, "error.bad_request")}}
	}
	out := make([]ImportRowError, 0, len(ie.Errors))
	for _, re := range ie.Errors {
		out = append(out, ImportRowError{Line: re.Line, Column: re.Column, Reason: QuoteRowReason(ctx, re)})
	}
	return out
}

// QuoteDiff lists the terms that differ between two versions of a quote.
func QuoteDiff(z *i18n.Localizer, a, b *quote.Quote) []DiffRow {
	var out []DiffRow
	for _, ch := range quote.Diff(*a, *b) {
		c, _ := quote.ColumnByName(ch.Column)
		out = append(out, DiffRow{Term: z.T(ch.Label), Old: QuoteTermText(z, c, a), New: QuoteTermText(z, c, b)})
	}
	return out
}

// QuoteRevision is one saved revision of a quote.
type QuoteRevision struct {
	N      int
	Author string
	At     time.Time
	Quote  quote.Quote
}

// QuoteRevisionsModel lists the quote's revisions on its page and, where
// it has more than one, the terms that differ between the two the query
// names (from and to; the last two by default).
func QuoteRevisionsModel(z *i18n.Localizer, revs []QuoteRevision, from, to string, m *QuoteDetail) {
	for _, rv := range revs {
		m.Revisions = append(m.Revisions, RevisionRow{N: rv.N,
			Line: z.T("quote.revision_line", map[string]any{"N": rv.N, "Author": rv.Author, "At": z.DateTime(rv.At)})})
	}
	if len(revs) < 2 {
		return
	}
	m.DiffFrom, m.DiffTo = revs[len(revs)-2].N, revs[len(revs)-1].N
	if f, err := strconv.Atoi(from); err == nil {
		m.DiffFrom = f
	}
	if t, err := strconv.Atoi(to); err == nil {
		m.DiffTo = t
	}
	var a, b *quote.Quote
	for i := range revs {
		if revs[i].N == m.DiffFrom {
			a = &revs[i].Quote
		}
		if revs[i].N == m.DiffTo {
			b = &revs[i].Quote
		}
	}
	if a != nil && b != nil {
		m.Diff = QuoteDiff(z, a, b)
	}
}

// QuoteAwardStatus is a quote's share of an award as its status
// ("Awarded: 60 % of the contract").
func QuoteAwardStatus(z *i18n.Localizer, sharePct int, approved bool) string {
	key := "quote.status.awarded"
	if !approved {
		key = "quote.status.award_pending"
	}
	return z.T(key, map[string]any{"Share": z.Int(int64(sharePct))})
}

// DecisionLine says, for the evaluations list, what an evaluation's
// decision holds: the approved provider or the shortlist's size, and the
// waivers.
func DecisionLine(z *i18n.Localizer, approved string, shortlisted, waived int) []string {
	var out []string
	switch {
	case approved != "":
		out = append(out, z.T("evaluations.approved_provider", map[string]any{"Provider": approved}))
	case shortlisted > 0:
		out = append(out, z.N("evaluations.shortlisted", shortlisted))
	}
	if waived > 0 {
		out = append(out, z.N("quotes.waived", waived))
	}
	return out
}

// QuoteShortlistStatus names a quote's place in the decision (status:
// "approved", "shortlisted", "rejected" or none, by whom), styled as a
// status.
func QuoteShortlistStatus(z *i18n.Localizer, status, shortlistedBy, decidedBy string) (text, css string) {
	switch status {
	case "approved":
		return z.T("quote.status.approved", map[string]any{"By": decidedBy}), "ok"
	case "shortlisted":
		return z.T("quote.status.shortlisted", map[string]any{"By": shortlistedBy}), "info"
	case "rejected":
		return z.T("quote.status.rejected", map[string]any{"By": decidedBy}), "blocker"
	}
	return "", ""
}
