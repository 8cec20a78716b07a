package web

import (
	"fmt"

	"github.com/a-h/templ"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) showWorksheet(w http.ResponseWriter, r *http.Request) error {
	d, err := s.analysisParam(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	// The body is the analysis seen in a language, by a role, through the
	// query's view (sort, shown quotes, page): kept rendered per analysis.
	view := "worksheet\x00" + z.Lang + "\x00" + string(currentUser(r).Role) + "\x00" + r.URL.Query().Encode()
	body, err := s.parts.render(r.Context(), d, view, func() templ.Component {
		m := s.worksheetView(r, d, nil, nil)
		m.Empty = len(d.WS.Results) == 0
		return views.WorksheetBody(m)
	})
	if err != nil {
		return err
	}
	// The baseline of a re-bid moves with the contract's bills, not with
	// the analysis: it is drawn outside the kept body.
	box, err := s.baselineBox(r, d)
	if err != nil {
		return err
	}
	p := s.page(r, z.T("worksheet.title")+" · "+d.Evaluation.Name, "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, http.StatusOK, views.PageWith(p, views.WithBaseline(box, body)))
	return nil
}

func money(z *i18n.Localizer, m tco.Money) string { return z.Money(minorDecimal(m), m.Currency) }

// worksheetView lays the computed worksheet out as the page shows it;
// input and errs carry a failed assumptions form back.
func (s *Server) worksheetView(r *http.Request, d *evaluation.Analysis, input map[string]string, errs map[string]string) views.WorksheetPage {
	z := i18n.From(r.Context())
	q := r.URL.Query()
	m := views.WorksheetPage{EvaluationID: d.Evaluation.ID, EvaluationName: d.Evaluation.Name, Currency: d.A.Currency,
		UnitName: unitLabel(z, d), Version: d.Stored.Version, CanEdit: currentUser(r).Role.Can(auth.EditBrief),
		Errors: errs, Sort: q.Get("sort"), Hidden: map[string]bool{}, Day: z.Date(d.Day)}
	m.Notice = skippedNotice(z, d)
	m.Assumptions = assumptionFields(z, d.A, input, errs)
	byID := map[string]store.StoredQuote{}
	for _, sq := range d.Quotes {
		id := strconv.FormatInt(sq.ID, 10)
		byID[id] = sq
		m.AllQuotes = append(m.AllQuotes, views.Option{Value: id, Label: sq.ProviderName})
	}
	if len(d.WS.Results) == 0 {
		return m
	}
	if shown := q["show"]; len(shown) > 0 {
		for _, o := range m.AllQuotes {
			m.Hidden[o.Value] = !slices.Contains(shown, o.Value)
		}
	}
	results := visibleResults(d.WS.Results, m.Hidden, m.Sort == "cost")
	// A page shows at most worksheetColumns quotes, so its size and cost
	// stay bounded however many quotes an evaluation holds.
	results, m.Pager = pageOf(results, q, worksheetColumns)
	if len(m.AllQuotes) > worksheetChooser {
		m.AllQuotes = nil // too many to tick one by one: page through them
	}
	onPage := map[string]store.StoredQuote{}
	for _, res := range results {
		id := res.QuoteID
		onPage[id] = byID[id]
		rh := d.Stored.RunHours[id]
		if input != nil {
			rh = store.RunHours{Effective: input["run_effective_"+id], Real: input["run_real_"+id]}
		}
		m.RunHours = append(m.RunHours, views.RunHoursField{QuoteID: id, Provider: byID[id].ProviderName, Effective: rh.Effective, Real: rh.Real})
	}
	for _, res := range results {
		sq := byID[res.QuoteID]
		m.Columns = append(m.Columns, views.WorksheetColumn{ID: res.QuoteID, Provider: sq.ProviderName,
			Rental: z.T("quote.term.rental_model." + string(res.RentalModel)), Link: "/quotes/" + res.QuoteID})
	}
	m.Groups = s.worksheetGroups(r, d, results, byID)
	m.CostChart, m.CostChartText = costRangeChart(z, d, results, byID)
	m.Sensitivity = sensitivityTable(z, d, byID, onPage)
	m.BusbwChart = fmt.Sprintf("/evaluations/%d/worksheet/busbw.svg", d.Evaluation.ID)
	m.PerRun = perRunRows(z, d, onPage)
	return m
}

// worksheetColumns is how many quotes one worksheet page compares side by
// side: six fit a 1440 px screen, twelve still read on a wide one; past
// that the page turns. worksheetChooser is how many quotes still get a
// show/hide tick box each.
const (
	worksheetColumns = 12
	worksheetChooser = 60
)

// pageOf is the page of results the "page" parameter asks for (1 when it
// is absent or out of range) and the links to the others.
func pageOf(results []tco.Result, q url.Values, size int) ([]tco.Result, views.Pager) {
	from, to, pager := pageRange(len(results), q, size)
	return results[from:to], pager
}

// pageRange is the [from, to) of n items the "page" parameter asks for,
// size a page, and the pager linking the others.
func pageRange(n int, q url.Values, size int) (int, int, views.Pager) {
	pages := (n + size - 1) / size
	p, err := strconv.Atoi(q.Get("page"))
	if err != nil || p < 1 || p > pages {
		p = 1
	}
	pager := views.Pager{Page: p, Pages: pages, Total: n, From: (p-1)*size + 1, To: min(p*size, n)}
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

func visibleResults(all []tco.Result, hidden map[string]bool, byCost bool) []tco.Result {
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

func assumptionFields(z *i18n.Localizer, a tco.Assumptions, input, errs map[string]string) []views.AssumptionField {
	var out []views.AssumptionField
	for _, key := range tco.Editable {
		f, _ := a.Field(key)
		v, unit := evaluation.AssumptionText(key, f.Value), f.Unit
		if key == "utilisation" {
			unit = "%"
		}
		if input != nil {
			v = input["a_"+key]
		} else {
			v = z.Decimal(v)
		}
		out = append(out, views.AssumptionField{Key: key, Label: z.T("worksheet.assumption." + key), Value: v, Unit: unit,
			Source: z.T("worksheet.source", map[string]any{"Source": assumptionSource(z, key, *f)}), Error: errs[key]})
	}
	return out
}

// worksheetGroups builds the row groups: shape and fabric, terms with their
// state, the nine cost lines, the totals and the flags.
func (s *Server) worksheetGroups(r *http.Request, d *evaluation.Analysis, results []tco.Result, byID map[string]store.StoredQuote) []views.WorksheetGroup {
	z := i18n.From(r.Context())
	shape, terms := worksheetTermGroups(z, d, results, byID)
	// Totals first: the figures a manager decides on are visible without scrolling.
	return []views.WorksheetGroup{worksheetTotals(z, d, results, byID), worksheetLines(z, d, results), terms, shape}
}

// worksheetTermGroups are the quotes' shape and fabric, and their terms,
// each with its state.
func worksheetTermGroups(z *i18n.Localizer, d *evaluation.Analysis, results []tco.Result, byID map[string]store.StoredQuote) (shape, terms views.WorksheetGroup) {
	termRow := func(col string) views.WorksheetRow {
		c, _ := quote.ColumnByName(col)
		row := views.WorksheetRow{Label: z.T(c.Label), Key: col}
		for _, res := range results {
			q := byID[res.QuoteID].Quote
			row.Cells = append(row.Cells, worksheetTerm(z, c, &q, d.A))
		}
		return row
	}
	shape = views.WorksheetGroup{Label: z.T("worksheet.group.shape")}
	for _, col := range []string{"gpu_model", "form_factor", "gpus_per_node", "nodes", "intra_node_interconnect", "inter_node_fabric", "fabric_gbps_per_node"} {
		shape.Rows = append(shape.Rows, termRow(col))
	}
	terms = views.WorksheetGroup{Label: z.T("worksheet.group.terms")}
	for _, col := range []string{"price_per_gpu_hour", "on_demand_price_per_gpu_hour", "billing_unit", "min_term_months", "storage_price_per_tb_month", "egress_price_per_gb", "support_terms", "support_price_per_month"} {
		terms.Rows = append(terms.Rows, termRow(col))
	}
	return shape, terms
}

// worksheetLines are the cost lines in the evaluation's currency, each
// with its basis, what it assumed and the amount as quoted.
func worksheetLines(z *i18n.Localizer, d *evaluation.Analysis, results []tco.Result) views.WorksheetGroup {
	lines := views.WorksheetGroup{Label: z.T("worksheet.group.lines", map[string]any{"Currency": d.A.Currency})}
	for i, key := range tco.LineKeys() {
		row := views.WorksheetRow{Label: z.T("worksheet.line." + key), Key: key}
		for _, res := range results {
			l := res.Lines[i]
			cell := views.WorksheetCell{Text: money(z, l.Amount), Numeric: true, Detail: statementText(z, l.Basis), Best: d.WS.Best[key] == res.QuoteID && len(results) > 1}
			if len(l.Assumed) > 0 {
				cell.State = "assumed"
				cell.Notes = append(cell.Notes, assumedTexts(z, l))
			}
			if l.Converted() && l.Original.Minor != 0 {
				cell.Original = z.T("worksheet.as_quoted", map[string]any{"Amount": money(z, l.Original)})
				cell.Notes = append(cell.Notes, conversionNote(z, l, d.A.Currency))
			}
			row.Cells = append(row.Cells, cell)
		}
		lines.Rows = append(lines.Rows, row)
	}
	return lines
}

// worksheetTotals are the figures decided on: cost per unit, throughput,
// TCO, contract value, completeness, flags and acceptance progress.
func worksheetTotals(z *i18n.Localizer, d *evaluation.Analysis, results []tco.Result, byID map[string]store.StoredQuote) views.WorksheetGroup {
	totals := views.WorksheetGroup{Label: z.T("worksheet.group.totals")}
	tcoRow := views.WorksheetRow{Label: z.T("worksheet.tco"), Key: "tco", Strong: true}
	cpuRow := views.WorksheetRow{Label: z.T("worksheet.cost_per_unit", map[string]any{"Unit": unitLabel(z, d)}), Key: "cost_per_unit", Strong: true}
	missRow := views.WorksheetRow{Label: z.T("worksheet.completeness"), Key: "completeness"}
	speedRow := views.WorksheetRow{Label: z.T("worksheet.throughput"), Key: "throughput"}
	flagRow := views.WorksheetRow{Label: z.T("quotes.flags"), Key: "flags"}
	contractRow := views.WorksheetRow{Label: z.T("worksheet.contract_value"), Key: "contract_value", Strong: true}
	shortfallRow := views.WorksheetRow{Label: z.T("worksheet.shortfall"), Key: "shortfall"}
	monthlyRow := views.WorksheetRow{Label: z.T("worksheet.monthly_equivalent"), Key: "monthly_equivalent"}
	for _, res := range results {
		c := res.Contract
		contractRow.Cells = append(contractRow.Cells, views.WorksheetCell{Text: money(z, c.Value), Numeric: true,
			Detail: z.T("worksheet.contract_basis."+c.TermBasis, map[string]any{"Months": c.TermMonths, "Usage": money(z, c.Usage),
				"MinSpend": money(z, c.MinSpend), "Upfront": money(z, c.Upfront)})})
		sc := views.WorksheetCell{Text: money(z, c.Shortfall), Numeric: true}
		if c.Shortfall.Minor > 0 {
			sc.State = "assumed"
		}
		shortfallRow.Cells = append(shortfallRow.Cells, sc)
		monthlyRow.Cells = append(monthlyRow.Cells, views.WorksheetCell{Text: money(z, c.Monthly), Numeric: true})
		st, sd := throughputCell(z, res.Speed)
		speedRow.Cells = append(speedRow.Cells, views.WorksheetCell{Text: st, Numeric: true, Detail: sd})
		tc := views.WorksheetCell{Text: money(z, res.TCO), Numeric: true, Best: d.WS.Best[tco.RowTCO] == res.QuoteID && len(results) > 1}
		cu := views.WorksheetCell{Text: money(z, res.CostPerUnit), Numeric: true, Best: d.WS.Best[tco.RowCostPerUnit] == res.QuoteID && len(results) > 1,
			Detail: z.T("worksheet.units", map[string]any{"Units": z.Decimal(strconv.FormatFloat(res.UnitsPerMonth, 'f', 2, 64)), "Unit": unitLabel(z, d)})}
		mc := views.WorksheetCell{Text: z.T("worksheet.complete"), State: "stated"}
		// An unknown fabric's speed range widens the cost per unit even
		// when every term is stated.
		if res.Incomplete || res.CostPerUnitHigh != res.CostPerUnit {
			cu.Range = "(" + money(z, res.CostPerUnitLow) + " – " + money(z, res.CostPerUnitHigh) + ")"
		}
		if res.Incomplete {
			tc.Range = "(" + money(z, res.Low) + " – " + money(z, res.High) + ")"
			var names []string
			for _, miss := range res.Missing {
				names = append(names, termName(z, miss.Term)+" ("+z.T(statusKey(miss.Status))+")")
			}
			mc = views.WorksheetCell{Text: z.T("worksheet.incomplete", map[string]any{"Terms": strings.Join(names, ", ")}), State: "assumed"}
		}
		tcoRow.Cells, cpuRow.Cells, missRow.Cells = append(tcoRow.Cells, tc), append(cpuRow.Cells, cu), append(missRow.Cells, mc)
		b, wn := redflag.Counts(d.Flags[byID[res.QuoteID].ID])
		flagRow.Cells = append(flagRow.Cells, views.WorksheetCell{Text: z.N("quotes.blockers", b) + ", " + z.N("quotes.warnings", wn)})
	}
	suiteRow := views.WorksheetRow{Label: z.T("worksheet.suite"), Key: "suite"}
	for _, res := range results {
		id, _ := strconv.ParseInt(res.QuoteID, 10, 64)
		suiteRow.Cells = append(suiteRow.Cells, views.WorksheetCell{Text: suiteProgress(z, d.SuiteCounts[id])})
	}
	totals.Rows = []views.WorksheetRow{cpuRow, speedRow, tcoRow, contractRow, monthlyRow, shortfallRow, missRow, flagRow, suiteRow}
	return totals
}

func statusKey(st tco.Status) string {
	if st == tco.StatusRefused {
		return "quote.state.refused"
	}
	return "quote.state.not_stated"
}

func sensitivityTable(z *i18n.Localizer, d *evaluation.Analysis, byID, onPage map[string]store.StoredQuote) views.SensitivityTable {
	sens := d.WS.Sensitivity
	t := views.SensitivityTable{Headers: []string{z.T("worksheet.point")},
		Chart: fmt.Sprintf("/evaluations/%d/worksheet/sensitivity.svg", d.Evaluation.ID)}
	for _, id := range sens.QuoteIDs {
		if _, ok := onPage[id]; ok {
			t.Headers = append(t.Headers, byID[id].ProviderName)
		}
	}
	for _, pt := range sens.Points {
		row := views.SensitivityRow{Label: z.T("worksheet.point_label", map[string]any{
			"Utilisation": strconv.Itoa(int(pt.Utilisation*100 + 0.5)), "Restart": z.T("worksheet.restart." + string(pt.Restart))})}
		for i, c := range pt.CostPerUnit {
			if _, ok := onPage[sens.QuoteIDs[i]]; ok {
				row.Cells = append(row.Cells, views.WorksheetCell{Text: money(z, c), Numeric: true, Best: sens.QuoteIDs[i] == pt.Cheapest})
			}
		}
		t.Rows = append(t.Rows, row)
	}
	for _, ch := range sens.Changes {
		from, to := sens.Points[ch.From], sens.Points[ch.To]
		t.Changes = append(t.Changes, z.T("worksheet.change", map[string]any{
			"From": byID[ch.FromQuote].ProviderName, "To": byID[ch.ToQuote].ProviderName,
			"A": pointLabel(z, from), "B": pointLabel(z, to)}))
	}
	return t
}

func pointLabel(z *i18n.Localizer, p tco.Point) string {
	return z.T("worksheet.point_label", map[string]any{"Utilisation": strconv.Itoa(int(p.Utilisation*100 + 0.5)),
		"Restart": z.T("worksheet.restart." + string(p.Restart))})
}

// perRunRows shows the analysis's cost of one accepted run for the quotes
// on the page.
func perRunRows(z *i18n.Localizer, d *evaluation.Analysis, byID map[string]store.StoredQuote) []views.PerRunRow {
	var out []views.PerRunRow
	for _, pr := range d.PerRun {
		sq, ok := byID[strconv.FormatInt(pr.QuoteID, 10)]
		if !ok {
			continue
		}
		row := views.PerRunRow{Provider: sq.ProviderName, Basis: statementText(z, pr.Basis),
			Overhead: "× " + z.Decimal(strconv.FormatFloat(pr.Overhead, 'f', 2, 64)), Cost: money(z, pr.Cost),
			Worksheet: money(z, pr.Worksheet)}
		if pr.Converted {
			row.Cost = money(z, pr.CostEval) + " " + z.T("worksheet.as_quoted", map[string]any{"Amount": row.Cost})
		}
		out = append(out, row)
	}
	return out
}

// skippedNotice names the quotes left out of the worksheet: for want of an
// exchange rate, or because the cost model cannot price them.
func skippedNotice(z *i18n.Localizer, d *evaluation.Analysis) string {
	var parts []string
	if len(d.Skipped) > 0 {
		var names []string
		for _, sq := range d.Skipped {
			cur, _ := sq.Quote.Currency.Get()
			names = append(names, sq.ProviderName+" ("+cur+")")
		}
		parts = append(parts, z.T("worksheet.no_fx", map[string]any{"Quotes": strings.Join(names, ", ")}))
	}
	if len(d.Unpriced) > 0 {
		var names []string
		for _, sq := range d.Unpriced {
			names = append(names, sq.ProviderName)
		}
		parts = append(parts, z.T("worksheet.unpriced", map[string]any{"Quotes": strings.Join(names, ", ")}))
	}
	return strings.Join(parts, " ")
}
