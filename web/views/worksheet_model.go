package views

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/tco"
)

// WorksheetInput is what the worksheet page is laid out from: the
// analysis's figures, the request's view of them (sort, shown quotes,
// page) and, for a failed assumptions form, what was typed and why it
// failed.
type WorksheetInput struct {
	EvaluationID int64
	Name         string
	Unit         string // the useful unit, in words
	Notice       string // the quotes left out of the worksheet, in words
	Version      int    // of the saved assumptions
	Day          time.Time
	CanEdit      bool
	Query        url.Values
	A            tco.Assumptions
	WS           tco.Worksheet
	Quotes       []WorksheetQuote // the worksheet's quotes, in entry order
	Flags        map[int64][]redflag.Flag
	PerRun       []WorksheetPerRun
	Input        map[string]string
	Errors       map[string]string
	Words        WorksheetWords
}

// WorksheetQuote is one quote of the worksheet.
type WorksheetQuote struct {
	ID       int64
	Provider string
	Quote    *quote.Quote
	RunHours [2]string // effective and real, as saved
}

// WorksheetPerRun is the cost of one accepted run of a quote.
type WorksheetPerRun struct {
	QuoteID                   int64
	Basis                     tco.Statement
	Overhead                  float64
	Cost, CostEval, Worksheet tco.Money
	Converted                 bool
}

// WorksheetWords are the words the worksheet shares with other pages,
// given by the caller.
type WorksheetWords struct {
	Statement      func(tco.Statement) string
	Throughput     func(tco.Speed) (text, detail string)
	Term           func(quote.Column, *quote.Quote) string // a term as the quote page shows it
	State          func(quote.State) string
	MoneyColumn    func(name string) bool
	Suite          func(quoteID int64) string // acceptance progress
	AssumptionText func(key string, v float64) string
	AdminFX        string // the source name of the admin's rates
	// CostChart draws the cost per unit of the quotes on the page.
	CostChart func([]tco.Result) (chart.DotRangeFigure, ChartText)
}

// worksheetColumns is how many quotes one worksheet page compares side by
// side: six fit a 1440 px screen, twelve still read on a wide one; past
// that the page turns. worksheetChooser is how many quotes still get a
// show/hide tick box each.
const (
	worksheetColumns = 12
	worksheetChooser = 60
)

// Money is an amount in the reader's number format with its currency.
func Money(z *i18n.Localizer, m tco.Money) string { return z.Money(m.Decimal(), m.Currency) }

// WorksheetModel lays the computed worksheet out as the page shows it.
func WorksheetModel(z *i18n.Localizer, in WorksheetInput) WorksheetPage {
	q := in.Query
	m := WorksheetPage{EvaluationID: in.EvaluationID, EvaluationName: in.Name, Currency: in.A.Currency,
		UnitName: in.Unit, Version: in.Version, CanEdit: in.CanEdit,
		Errors: in.Errors, Sort: q.Get("sort"), Hidden: map[string]bool{}, Day: z.Date(in.Day)}
	m.Notice = in.Notice
	m.Assumptions = worksheetAssumptions(z, in)
	m.Empty = len(in.WS.Results) == 0
	byID := map[string]WorksheetQuote{}
	for _, wq := range in.Quotes {
		id := strconv.FormatInt(wq.ID, 10)
		byID[id] = wq
		m.AllQuotes = append(m.AllQuotes, Option{Value: id, Label: wq.Provider})
	}
	if len(in.WS.Results) == 0 {
		return m
	}
	if shown := q["show"]; len(shown) > 0 {
		for _, o := range m.AllQuotes {
			m.Hidden[o.Value] = !slices.Contains(shown, o.Value)
		}
	}
	results := worksheetVisible(in.WS.Results, m.Hidden, m.Sort == "cost")
	// A page shows at most worksheetColumns quotes, so its size and cost
	// stay bounded however many quotes an evaluation holds.
	from, to, pager := PageRange(len(results), q, worksheetColumns)
	results, m.Pager = results[from:to], pager
	if len(m.AllQuotes) > worksheetChooser {
		m.AllQuotes = nil // too many to tick one by one: page through them
	}
	onPage := map[string]WorksheetQuote{}
	for _, res := range results {
		id := res.QuoteID
		onPage[id] = byID[id]
		rh := byID[id].RunHours
		if in.Input != nil {
			rh = [2]string{in.Input["run_effective_"+id], in.Input["run_real_"+id]}
		}
		m.RunHours = append(m.RunHours, RunHoursField{QuoteID: id, Provider: byID[id].Provider, Effective: rh[0], Real: rh[1]})
	}
	for _, res := range results {
		m.Columns = append(m.Columns, WorksheetColumn{ID: res.QuoteID, Provider: byID[res.QuoteID].Provider,
			Rental: z.T("quote.term.rental_model." + string(res.RentalModel)), Link: "/quotes/" + res.QuoteID})
	}
	shape, terms := worksheetTermGroups(z, in, results, byID)
	// Totals first: the figures a manager decides on are visible without scrolling.
	m.Groups = []WorksheetGroup{worksheetTotals(z, in, results), worksheetLines(z, in, results), terms, shape}
	m.CostChart, m.CostChartText = in.Words.CostChart(results)
	m.Sensitivity = worksheetSensitivity(z, in, byID, onPage)
	m.BusbwChart = fmt.Sprintf("/evaluations/%d/worksheet/busbw.svg", in.EvaluationID)
	m.PerRun = worksheetPerRunRows(z, in, onPage)
	return m
}

// PageRange is the [from, to) of n items the "page" parameter asks for
// (1 when it is absent or out of range), size a page, and the pager
// linking the others.
func PageRange(n int, q url.Values, size int) (int, int, Pager) {
	pages := (n + size - 1) / size
	p, err := strconv.Atoi(q.Get("page"))
	if err != nil || p < 1 || p > pages {
		p = 1
	}
	pager := Pager{Page: p, Pages: pages, Total: n, From: (p-1)*size + 1, To: min(p*size, n)}
	link := func(n int) string {
		v := url.Values{}
		for k, vs := range q {
			v[k] = vs
		}
		v.Set("page", strconv.Itoa(n))
		return "?" + v.Encode()
	}
	if p > 1 {
		pager.Prev = link(p - 1)
	}
	if p < pages {
		pager.Next = link(p + 1)
	}
	return min(pager.From-1, n), pager.To, pager
}

func worksheetVisible(all []tco.Result, hidden map[string]bool, byCost bool) []tco.Result {
	var out []tco.Result
	for _, r := range all {
		if !hidden[r.QuoteID] {
			out = append(out, r)
		}
	}
	if byCost {
		slices.SortStableFunc(out, func(a, b tco.Result) int { return int(a.CostPerUnit.Minor - b.CostPerUnit.Minor) })
	}
	return out
}

func worksheetAssumptions(z *i18n.Localizer, in WorksheetInput) []AssumptionField {
	var out []AssumptionField
	for _, key := range tco.Editable {
		f, _ := in.A.Field(key)
		v, unit := in.Words.AssumptionText(key, f.Value), f.Unit
		if key == "utilisation" {
			unit = "%"
		}
		if in.Input != nil {
			v = in.Input["a_"+key]
		} else {
			v = z.Decimal(v)
		}
		out = append(out, AssumptionField{Key: key, Label: z.T("worksheet.assumption." + key), Value: v, Unit: unit,
			Source: z.T("worksheet.source", map[string]any{"Source": worksheetSource(z, key, *f)}), Error: in.Errors[key]})
	}
	return out
}

func worksheetSensitivity(z *i18n.Localizer, in WorksheetInput, byID, onPage map[string]WorksheetQuote) SensitivityTable {
	sens := in.WS.Sensitivity
	t := SensitivityTable{Headers: []string{z.T("worksheet.point")},
		Chart: fmt.Sprintf("/evaluations/%d/worksheet/sensitivity.svg", in.EvaluationID)}
	for _, id := range sens.QuoteIDs {
		if _, ok := onPage[id]; ok {
			t.Headers = append(t.Headers, byID[id].Provider)
		}
	}
	for _, pt := range sens.Points {
		row := SensitivityRow{Label: worksheetPointLabel(z, pt)}
		for i, c := range pt.CostPerUnit {
			if _, ok := onPage[sens.QuoteIDs[i]]; ok {
				row.Cells = append(row.Cells, WorksheetCell{Text: Money(z, c), Numeric: true, Best: sens.QuoteIDs[i] == pt.Cheapest})
			}
		}
		t.Rows = append(t.Rows, row)
	}
	for _, ch := range sens.Changes {
		from, to := sens.Points[ch.From], sens.Points[ch.To]
		t.Changes = append(t.Changes, z.T("worksheet.change", map[string]any{
			"From": byID[ch.FromQuote].Provider, "To": byID[ch.ToQuote].Provider,
			"A": worksheetPointLabel(z, from), "B": worksheetPointLabel(z, to)}))
	}
	return t
}

func worksheetPointLabel(z *i18n.Localizer, p tco.Point) string {
	return z.T("worksheet.point_label", map[string]any{"Utilisation": strconv.Itoa(int(p.Utilisation*100 + 0.5)),
		"Restart": z.T("worksheet.restart." + string(p.Restart))})
}

// worksheetPerRunRows shows the analysis's cost of one accepted run for
// the quotes on the page.
func worksheetPerRunRows(z *i18n.Localizer, in WorksheetInput, onPage map[string]WorksheetQuote) []PerRunRow {
	var out []PerRunRow
	for _, pr := range in.PerRun {
		wq, ok := onPage[strconv.FormatInt(pr.QuoteID, 10)]
		if !ok {
			continue
		}
		row := PerRunRow{Provider: wq.Provider, Basis: in.Words.Statement(pr.Basis),
			Overhead: "× " + z.Decimal(strconv.FormatFloat(pr.Overhead, 'f', 2, 64)), Cost: Money(z, pr.Cost),
			Worksheet: Money(z, pr.Worksheet)}
		if pr.Converted {
			row.Cost = Money(z, pr.CostEval) + " " + z.T("worksheet.as_quoted", map[string]any{"Amount": row.Cost})
		}
		out = append(out, row)
	}
	return out
}
