package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/web/views"
)

// evaluationAndBrief loads the {id} evaluation and its brief.
func (s *Server) evaluationAndBrief(r *http.Request) (evaluation.Evaluation, evaluation.StoredBrief, error) {
	e, err := s.openEvaluation(r)
	if err != nil {
		return e, evaluation.StoredBrief{}, err
	}
	b, err := s.eval.Brief(r.Context(), e.ID)
	return e, b, err
}

// openEvaluation reads the {id} evaluation. A sourcing round past its
// deadline is opened on the first read, so every page and export of the
// evaluation sees its answers as quotes.
func (s *Server) openEvaluation(r *http.Request) (evaluation.Evaluation, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return evaluation.Evaluation{}, err
	}
	e, err := s.eval.Evaluation(r.Context(), id)
	if err != nil {
		return e, err
	}
	s.openDue(r.Context(), id)
	return e, nil
}

// listQuotes shows the evaluation's quotes with their own flags, suite
// progress and status from the kept analysis, which serves the list
// without reading or flagging every quote again.
func (s *Server) listQuotes(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	// Rounds past their deadline open before the analysis, so it reads
	// their answers; the analysis then tells a missing evaluation (the
	// evaluation is not read on its own: one round trip less per view).
	s.openDue(r.Context(), id)
	d, err := s.eval.Analyze(r.Context(), id)
	if err != nil {
		return err
	}
	e := d.Evaluation
	z := i18n.From(r.Context())
	m := views.QuotesPage{EvaluationID: e.ID, EvaluationName: d.Evaluation.Name, CanEdit: currentUser(r).Role.Can(auth.EditQuotes)}
	if m.Sealed, err = s.sealedRounds(r.Context(), z, e.ID); err != nil {
		return err
	}
	if len(d.All) > 0 {
		// The table is the analysis seen in a language (its dates are the
		// analysis's day's), a page of it in the order asked for: kept
		// rendered per analysis, as the worksheet.
		by := evaluation.QuoteSortKey(r.URL.Query().Get("sort"))
		sort := views.QuoteSort{By: by, Href: func(col string) string {
			return "/evaluations/" + strconv.FormatInt(e.ID, 10) + "/quotes?sort=" + col
		}}
		quotes := d.SortedQuotes(by)
		from, to, pager := pageRange(len(quotes), r.URL.Query(), quoteListRows)
		m.Pager = pager
		m.Table, err = s.parts.render(r.Context(), d, fmt.Sprintf("quotes\x00%s\x00%s\x00%d", z.Lang, by, pager.Page), func() templ.Component {
			return views.QuoteListTable(s.quoteRows(z, d, quotes[from:to]), sort)
		})
		if err != nil {
			return err
		}
	}
	s.render(w, r, http.StatusOK, views.QuotesList(s.flashedPage(w, r, z.T("quotes.title")+" · "+d.Evaluation.Name), m))
	return nil
}

// flashedPage is an evaluation's page with the flash the last redirect
// left.
func (s *Server) flashedPage(w http.ResponseWriter, r *http.Request, title string) views.Page {
	p := s.page(r, title, "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = i18n.T(r.Context(), key)
	}
	return p
}

// quoteListRows is how many quotes one page of the quote list shows.
const quoteListRows = 200

// quoteRows are the list's rows for quotes (of d): each quote's terms, its
// own flags less the waived ones, its place in the decision and its
// acceptance progress.
func (s *Server) quoteRows(z *i18n.Localizer, d *evaluation.Analysis, quotes []evaluation.StoredQuote) []views.QuoteRow {
	status := quoteStatuses{shortlist: d.Shortlist, waivers: d.Waivers}
	rows := make([]views.QuoteRow, 0, len(quotes))
	for _, sq := range quotes {
		flags := d.TermFlags[sq.ID]
		row := views.QuoteRowOf(z, sq.ID, sq.ProviderName, sq.Quote, flags, s.eval.Now())
		row.Suite = suiteProgress(z, d.SuiteCounts[sq.ID])
		if res, ok := d.Result(sq.ID); ok {
			row.TCO, row.CostPerUnit, row.Contract = money(z, res.TCO), money(z, res.CostPerUnit), money(z, res.Contract.Value)
		}
		status.apply(z, &row, flags)
		rows = append(rows, row)
	}
	return rows
}

// parseQuoteForm reads every term's state and value (quote.FormCells):
// the quote, the input as given and the refused fields' messages.
func parseQuoteForm(w http.ResponseWriter, r *http.Request) (quote.Quote, map[string][2]string, map[string]string, error) {
	if err := parseForm(w, r); err != nil {
		return quote.Quote{}, nil, nil, err
	}
	z := i18n.From(r.Context())
	cells, raw, errs := quote.FormCells(r.PostForm.Get, z.ParseDecimal)
	for k, key := range errs {
		errs[k] = z.T(key)
	}
	q, ferrs := quote.ParseCells(cells)
	for _, fe := range ferrs {
		if _, ok := errs[fe.Column]; !ok {
			errs[fe.Column] = reasonText(r.Context(), fe.Column, fe.Reason)
		}
	}
	return q, raw, errs, nil
}

// renderQuoteForm shows the add or edit form (title: its key); a refused
// submission lists the fields' errors at the top.
func (s *Server) renderQuoteForm(w http.ResponseWriter, r *http.Request, status int, title string, m views.QuoteForm) {
	p := s.page(r, i18n.T(r.Context(), title), "evaluations")
	if m.HasErrors {
		p.Errors = quoteSummary(m.Groups)
	}
	if m.Conflict {
		p.Errors = []views.FormError{{Target: "quote-conflict", Message: i18n.T(r.Context(), "quote.conflict")}}
	}
	s.render(w, r, status, views.QuoteFormPage(p, m))
}

func (s *Server) newQuote(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	q := quote.Quote{Currency: quote.Of("USD")}
	s.renderQuoteForm(w, r, http.StatusOK, "quote.new_title", views.QuoteForm{EvaluationID: e.ID, EvaluationName: e.Name,
		Groups: formGroups(i18n.From(r.Context()), q, nil, nil)})
	return nil
}

func (s *Server) createQuote(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	q, raw, errs, err := parseQuoteForm(w, r)
	if err != nil {
		return err
	}
	m := views.QuoteForm{EvaluationID: e.ID, EvaluationName: e.Name, Groups: formGroups(i18n.From(r.Context()), q, raw, errs), HasErrors: len(errs) > 0}
	if m.HasErrors {
		s.renderQuoteForm(w, r, http.StatusUnprocessableEntity, "quote.new_title", m)
		return nil
	}
	sq, err := s.eval.CreateQuote(r.Context(), currentUser(r), e.ID, q)
	if m.Error = views.QuoteLimitText(r.Context(), err); m.Error != "" {
		s.renderQuoteForm(w, r, http.StatusUnprocessableEntity, "quote.new_title", m)
		return nil
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/quotes/"+strconv.FormatInt(sq.ID, 10), "flash.quote_created")
}
