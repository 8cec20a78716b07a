package web

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/chart"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
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
		return views.WorksheetBody(worksheetView(r, d, nil, nil))
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

func money(z *i18n.Localizer, m tco.Money) string { return views.Money(z, m) }

// pageRange is the [from, to) of n items the "page" parameter asks for,
// size a page, and the pager linking the others.
func pageRange(n int, q url.Values, size int) (int, int, views.Pager) {
	return views.PageRange(n, q, size)
}

// worksheetView lays the computed worksheet out as the page shows it;
// input and errs carry a failed assumptions form back.
func worksheetView(r *http.Request, d *evaluation.Analysis, input map[string]string, errs map[string]string) views.WorksheetPage {
	z := i18n.From(r.Context())
	byID := map[string]evaluation.StoredQuote{}
	in := views.WorksheetInput{EvaluationID: d.Evaluation.ID, Name: d.Evaluation.Name, Unit: unitLabel(z, d),
		Notice: skippedNotice(z, d), Version: d.Stored.Version, Day: d.Day, CanEdit: currentUser(r).Role.Can(auth.EditBrief),
		Query: r.URL.Query(), A: d.A, WS: d.WS, Flags: d.Flags, Input: input, Errors: errs, Words: views.WorksheetWords{
			Statement:  func(st tco.Statement) string { return statementText(z, st) },
			Throughput: func(sp tco.Speed) (string, string) { return throughputCell(z, sp) },
			Term:       func(c quote.Column, q *quote.Quote) string { return termText(z, c, q) },
			State:      stateName, MoneyColumn: func(name string) bool { return moneyColumns[name] },
			Suite:          func(id int64) string { return suiteProgress(z, d.SuiteCounts[id]) },
			AssumptionText: evaluation.AssumptionText, AdminFX: evaluation.FXSourceAdmin,
			CostChart: func(res []tco.Result) (chart.DotRangeFigure, views.ChartText) {
				return costRangeChart(z, d, res, byID)
			}}}
	for i, sq := range d.Quotes {
		id := strconv.FormatInt(sq.ID, 10)
		byID[id] = sq
		rh := d.Stored.RunHours[id]
		in.Quotes = append(in.Quotes, views.WorksheetQuote{ID: sq.ID, Provider: sq.ProviderName, Quote: &d.Quotes[i].Quote,
			RunHours: [2]string{rh.Effective, rh.Real}})
	}
	for _, pr := range d.PerRun {
		in.PerRun = append(in.PerRun, views.WorksheetPerRun{QuoteID: pr.QuoteID, Basis: pr.Basis, Overhead: pr.Overhead,
			Cost: pr.Cost, CostEval: pr.CostEval, Worksheet: pr.Worksheet, Converted: pr.Converted})
	}
	return views.WorksheetModel(z, in)
}
