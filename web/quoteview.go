package web

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// moneyColumns are amounts in the quote's currency.
var moneyColumns = map[string]bool{"price_per_gpu_hour": true, "min_spend": true, "upfront": true,
	"storage_price_per_tb_month": true, "egress_price_per_gb": true}

// stateName is the form's and the page's word for a term state.
func stateName(s quote.State) string {
	switch s {
	case quote.Stated:
		return "stated"
	case quote.Refused:
		return "refused"
	}
	return "not_stated"
}

// termText renders a stated cell for reading in the user's language.
func termText(z *i18n.Localizer, c quote.Column, q *quote.Quote) string {
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
		if moneyColumns[c.Name] {
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

// termGroups lays a quote's terms out by group for the quote page.
func termGroups(z *i18n.Localizer, q quote.Quote) []views.TermGroup {
	var out []views.TermGroup
	for _, g := range quote.Groups() {
		tg := views.TermGroup{Label: z.T(g.LabelKey())}
		for _, c := range quote.Columns() {
			if c.Group == g {
				tg.Terms = append(tg.Terms, views.TermView{Label: z.T(c.Label), State: stateName(c.State(&q)), Text: termText(z, c, &q)})
			}
		}
		out = append(out, tg)
	}
	return out
}

// flagsFor evaluates a quote's red flags against the evaluation's brief.
// flagsFor flags a quote that is not stored (an import preview, a vendor's
// draft) against a brief; a stored quote's are kept with its analysis
// (storedFlags).
func (s *Server) flagsFor(q quote.Quote, b brief.Brief) []redflag.Flag {
	return evaluation.Flags(q, b, s.eval.Now())
}

// storedFlags are a stored quote's own red flags (its terms against the
// brief), from its evaluation's kept analysis rather than flagged again.
func (s *Server) storedFlags(ctx context.Context, sq store.StoredQuote) (*evaluation.Analysis, []redflag.Flag, error) {
	d, err := s.eval.Analyze(ctx, sq.EvaluationID)
	if err != nil {
		return nil, nil, err
	}
	return d, d.TermFlags[sq.ID], nil
}

// flagViews translates flags; a message missing from the catalog falls
// back to the rule's own English text.
func flagViews(z *i18n.Localizer, flags []redflag.Flag) []views.FlagView {
	out := make([]views.FlagView, 0, len(flags))
	for _, f := range flags {
		facts := flagFacts(z, f.Data)
		msg, question := z.T(f.MessageKey, facts), z.T(f.QuestionKey, facts)
		if msg == f.MessageKey {
			msg = f.Message
		}
		if question == f.QuestionKey {
			question = f.Question
		}
		msg, question = keepAmountsWhole(msg), keepAmountsWhole(question)
		var terms []string
		for _, name := range f.Terms {
			if c, ok := quote.ColumnByName(name); ok {
				terms = append(terms, z.T(c.Label))
			}
		}
		out = append(out, views.FlagView{Blocker: f.Severity == redflag.Blocker, Severity: z.T("redflag.severity." + string(f.Severity)),
			Message: msg, Question: question, Terms: strings.Join(terms, ", ")})
	}
	return out
}

// expiry describes how long a quote stays valid: a warning within 7 days,
// a blocker once past.
func expiry(z *i18n.Localizer, q quote.Quote, today time.Time) (text, css string) {
	until, days, ok := validDays(q, today)
	if !ok {
		return "", ""
	}
	switch {
	case days < 0:
		return z.T("quotes.expired"), "blocker"
	case days == 0:
		return z.T("quotes.expires_today"), "warn"
	case days <= 7:
		return z.N("quotes.expires_in", days), "warn"
	}
	return z.T("quotes.valid_until", map[string]any{"Date": z.Date(until)}), ""
}

// validDays is how many days a quote stays valid from today (negative:
// expired), when it states a date.
func validDays(q quote.Quote, today time.Time) (until time.Time, days int, ok bool) {
	until, ok = q.ValidUntil.Get()
	if !ok {
		return until, 0, false
	}
	return until, int(until.Sub(today.Truncate(24*time.Hour)).Hours() / 24), true
}

// expiring reports what a badge of expiry shows (expired, or within a
// week), without the badge's text: a page that only counts them does not
// format a date in the reader's language for every quote.
func expiring(q quote.Quote, today time.Time) bool {
	_, days, ok := validDays(q, today)
	return ok && days <= 7
}

// quoteRow is a quote's line in the list and the import preview.
func (s *Server) quoteRow(z *i18n.Localizer, id int64, provider string, q quote.Quote, flags []redflag.Flag) views.QuoteRow {
	row := views.QuoteRow{ID: id, Provider: provider}
	if rm, ok := q.RentalModel.Get(); ok {
		row.Rental = z.T(rm.LabelKey())
	}
	gpu, _ := q.GPUModel.Get()
	if ff, ok := q.FormFactor.Get(); ok {
		gpu += " " + z.T("quote.term.form_factor."+string(ff))
	}
	if gb, ok := q.GPUMemoryGB.Get(); ok {
		gpu += " " + z.Int(gb) + "\u00a0GB"
	}
	row.GPU = strings.TrimSpace(gpu)
	per, okPer := q.GPUsPerNode.Get()
	nodes, okNodes := q.Nodes.Get()
	if okPer || okNodes {
		row.Shape = z.T("quotes.shape_counted", map[string]any{"GPUs": countText(z, "quotes.gpu_count", per, okPer),
			"Nodes": countText(z, "quotes.node_count", nodes, okNodes)})
	}
	if rate, ok := q.PricePerGPUHour.Get(); ok {
		cur, _ := q.Currency.Get()
		row.Rate = z.Decimal(rate.String()) + "\u00a0" + cur + " " + z.T("quotes.per_gpu_hour")
	} else {
		row.Rate = z.T(q.PricePerGPUHour.State.LabelKey())
	}
	row.Blockers, row.Warnings = redflag.Counts(flags)
	row.Expiry, row.ExpiryCSS = expiry(z, q, s.eval.Now())
	return row
}

// countText is a counted noun in the language's plural ("1 GPU",
// "8 GPUs"), or the noun marked unknown when the quote does not say.
func countText(z *i18n.Localizer, key string, n int64, ok bool) string {
	if !ok {
		return z.T(key + "_unknown")
	}
	return z.N(key, int(n))
}

// formGroups builds the quote form from a quote and, after a failed
// submission, the user's raw input and errors.
func formGroups(z *i18n.Localizer, q quote.Quote, raw map[string][2]string, errs map[string]string) []views.TermGroup {
	var out []views.TermGroup
	for _, g := range quote.Groups() {
		tg := views.TermGroup{Label: z.T(g.LabelKey())}
		for _, c := range quote.Columns() {
			if c.Group != g {
				continue
			}
			f := views.TermField{Name: c.Name, Label: z.T(c.Label), Kind: string(c.Kind), Required: c.Required, Error: errs[c.Name]}
			if r, ok := raw[c.Name]; ok {
				f.State, f.Value = r[0], r[1]
			} else {
				cell := c.Cell(&q)
				f.State, f.Value = stateName(cell.State), cell.Value
				if c.Kind == quote.KindDecimal && f.Value != "" {
					f.Value = z.Decimal(f.Value)
				}
			}
			switch c.Kind {
			case quote.KindEnum:
				for _, v := range c.Values {
					f.Options = append(f.Options, views.Option{Value: v, Label: z.T(c.ValueLabel(v))})
				}
			case quote.KindBool:
				f.Options = []views.Option{{Value: "yes", Label: z.T("common.yes")}, {Value: "no", Label: z.T("common.no")}}
			}
			tg.Fields = append(tg.Fields, f)
		}
		out = append(out, tg)
	}
	return out
}

// reasonText translates a codec's reason for a bad cell: English keeps the
// codec's precise wording; other languages get the catalog's message for
// the column's kind.
func reasonText(ctx context.Context, column, reason string) string {
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
	return z.T(kindErrorKey(c.Kind))
}

func kindErrorKey(k quote.Kind) string {
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
