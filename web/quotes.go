package web

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// evaluationAndBrief loads the {id} evaluation and its brief.
func (s *Server) evaluationAndBrief(r *http.Request) (store.Evaluation, store.StoredBrief, error) {
	e, err := s.openEvaluation(r)
	if err != nil {
		return e, store.StoredBrief{}, err
	}
	b, err := s.eval.Brief(r.Context(), e.ID)
	return e, b, err
}

// openEvaluation reads the {id} evaluation. A sourcing round past its
// deadline is opened on the first read, so every page and export of the
// evaluation sees its answers as quotes.
func (s *Server) openEvaluation(r *http.Request) (store.Evaluation, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return store.Evaluation{}, err
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
	e, err := s.openEvaluation(r) // before the analysis, so it reads the answers
	if err != nil {
		return err
	}
	id := e.ID
	d, err := s.eval.Analyze(r.Context(), id)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	m := views.QuotesPage{EvaluationID: id, EvaluationName: d.Evaluation.Name, CanEdit: currentUser(r).Role.Can(auth.EditQuotes)}
	if m.Sealed, err = s.sealedRounds(r.Context(), z, id); err != nil {
		return err
	}
	if len(d.All) > 0 {
		// The table is the analysis seen in a language (its dates are the
		// analysis's day's): kept rendered per analysis, as the worksheet.
		by := quoteSortKey(r.URL.Query().Get("sort"))
		sort := views.QuoteSort{By: by, Href: func(col string) string {
			return "/evaluations/" + strconv.FormatInt(id, 10) + "/quotes?sort=" + col
		}}
		// A page of it, in the order asked for: 10,000 rows were 6 MB, too
		// big to keep.
		quotes := sortQuotes(d.All, d, by)
		from, to, pager := pageRange(len(quotes), r.URL.Query(), quoteListRows)
		m.Pager = pager
		m.Table, err = s.parts.render(r.Context(), d, fmt.Sprintf("quotes\x00%s\x00%s\x00%d", z.Lang, by, pager.Page), func() templ.Component {
			return views.QuoteListTable(s.quoteRows(z, d, quotes[from:to]), sort)
		})
		if err != nil {
			return err
		}
	}
	p := s.page(r, z.T("quotes.title")+" · "+d.Evaluation.Name, "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, http.StatusOK, views.QuotesList(p, m))
	return nil
}

// quoteListRows is how many quotes one page of the quote list shows.
const quoteListRows = 200

// quoteRows are the list's rows for quotes (of d): each quote's terms, its
// own flags less the waived ones, its place in the decision and its
// acceptance progress.
func (s *Server) quoteRows(z *i18n.Localizer, d *evaluation.Analysis, quotes []store.StoredQuote) []views.QuoteRow {
	status := quoteStatuses{shortlist: d.Shortlist, waivers: d.Waivers}
	rows := make([]views.QuoteRow, 0, len(quotes))
	for _, sq := range quotes {
		flags := d.TermFlags[sq.ID]
		row := s.quoteRow(z, sq.ID, sq.ProviderName, sq.Quote, flags)
		row.Suite = suiteProgress(z, d.SuiteCounts[sq.ID])
		if res, ok := d.Result(sq.ID); ok {
			row.TCO, row.CostPerUnit, row.Contract = money(z, res.TCO), money(z, res.CostPerUnit), money(z, res.Contract.Value)
		}
		status.apply(z, &row, flags)
		rows = append(rows, row)
	}
	return rows
}

func (s *Server) newQuote(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	var q quote.Quote
	q.Currency = quote.Of("USD")
	m := views.QuoteForm{EvaluationID: e.ID, EvaluationName: e.Name, Groups: formGroups(z, q, nil, nil)}
	s.render(w, r, http.StatusOK, views.QuoteFormPage(s.page(r, z.T("quote.new_title"), "evaluations"), m))
	return nil
}

// parseQuoteForm reads every term's state and value. Each term's state is
// explicit: a value with "not stated" or "stated" with no value is an
// error at the field, never a silent guess.
func parseQuoteForm(w http.ResponseWriter, r *http.Request) (quote.Quote, map[string][2]string, map[string]string, error) {
	if err := parseForm(w, r); err != nil {
		return quote.Quote{}, nil, nil, err
	}
	z := i18n.From(r.Context())
	raw := map[string][2]string{}
	cells := map[string]string{}
	errs := map[string]string{}
	for _, c := range quote.Columns() {
		state := r.PostForm.Get("state_" + c.Name)
		value := strings.TrimSpace(r.PostForm.Get("v_" + c.Name))
		if state == "" {
			state = "not_stated"
		}
		raw[c.Name] = [2]string{state, value}
		switch state {
		case "refused":
			cells[c.Name] = "refused"
		case "stated":
			if value == "" {
				errs[c.Name] = z.T("quote.error.value_missing")
				continue
			}
			if c.Kind == quote.KindDecimal || c.Kind == quote.KindInt {
				v, err := z.ParseDecimal(value)
				if err != nil {
					errs[c.Name] = z.T("form.error.ambiguous_number")
					continue
				}
				value = v
			}
			cells[c.Name] = value
		default:
			if value != "" {
				errs[c.Name] = z.T("quote.error.state_value")
			}
		}
	}
	q, ferrs := quote.ParseCells(cells)
	for _, fe := range ferrs {
		if _, ok := errs[fe.Column]; !ok {
			errs[fe.Column] = reasonText(r.Context(), fe.Column, fe.Reason)
		}
	}
	return q, raw, errs, nil
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
	z := i18n.From(r.Context())
	if len(errs) > 0 {
		m := views.QuoteForm{EvaluationID: e.ID, EvaluationName: e.Name, Groups: formGroups(z, q, raw, errs), HasErrors: true}
		p := s.page(r, z.T("quote.new_title"), "evaluations")
		p.Errors = quoteSummary(m.Groups)
		s.render(w, r, http.StatusUnprocessableEntity, views.QuoteFormPage(p, m))
		return nil
	}
	sq, err := s.eval.CreateQuote(r.Context(), currentUser(r), e.ID, q)
	if msg := quoteLimitText(r.Context(), err); msg != "" {
		m := views.QuoteForm{EvaluationID: e.ID, EvaluationName: e.Name, Groups: formGroups(z, q, raw, errs), Error: msg}
		s.render(w, r, http.StatusUnprocessableEntity, views.QuoteFormPage(s.page(r, z.T("quote.new_title"), "evaluations"), m))
		return nil
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/quotes/"+strconv.FormatInt(sq.ID, 10), "flash.quote_created")
}

// quoteParam loads the {id} quote with its evaluation and brief.
func (s *Server) quoteParam(r *http.Request) (store.StoredQuote, store.Evaluation, store.StoredBrief, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return store.StoredQuote{}, store.Evaluation{}, store.StoredBrief{}, err
	}
	q, err := s.eval.QuoteInContext(r.Context(), id)
	return q.Quote, q.Evaluation, q.Brief, err
}

// canDeleteQuote shows the delete button by the deletion rule's "who".
func canDeleteQuote(u store.User, sq store.StoredQuote) bool {
	return approval.MayDeleteAs(u.Role, u.ID, sq.AuthorID)
}

func (s *Server) showQuote(w http.ResponseWriter, r *http.Request) error {
	sq, e, b, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	z := i18n.From(ctx)
	revs, err := s.eval.Revisions(ctx, sq.ID)
	if err != nil {
		return err
	}
	u := currentUser(r)
	d, flags, err := s.storedFlags(ctx, sq)
	if err != nil {
		return err
	}
	m := views.QuoteDetail{ID: sq.ID, EvaluationID: e.ID, EvaluationName: e.Name, Provider: sq.ProviderName,
		AuthorLine: z.T("quote.author_line", map[string]any{"Author": sq.AuthorName, "Version": sq.Version, "Updated": z.DateTime(sq.UpdatedAt)}),
		Groups:     termGroups(z, sq.Quote), Flags: flagViews(z, flags),
		Market:  s.marketView(ctx, sq.Quote),
		CanEdit: u.Role.Can(auth.EditQuotes), CanDelete: canDeleteQuote(u, sq)}
	var submittedBy string
	if m.Source, submittedBy, err = s.quoteSource(ctx, z, sq); err != nil {
		return err
	}
	m.AuthorLine = cmp.Or(submittedBy, m.AuthorLine) // a vendor's answer was not entered by the buyer
	cur, _ := sq.Quote.Currency.Get()
	m.Money = quoteMoney(z, d, sq.ID, cur)
	if err := s.quoteStanding(ctx, z, sq, d, flags, &m); err != nil {
		return err
	}
	bench, err := s.eval.Bench(ctx, sq, b.Data)
	if err != nil {
		return err
	}
	m.Bench = benchView(z, sq, bench, u.Role.Can(auth.UploadBenchmarks), false)
	m.Banner, m.BannerCSS = expiryBanner(z, sq.Quote, s.eval.Now())
	quoteRevisions(z, revs, r.URL.Query(), &m)
	p := s.page(r, z.T("quote.title", map[string]any{"Provider": sq.ProviderName}), "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, http.StatusOK, views.QuoteDetailPage(p, m))
	return nil
}

// quoteStanding sets where the quote stands: its status on the shortlist
// or in an approved award, its blockers and waivers (the analysis's flags
// carry the compliance attestations its vendor did not give).
func (s *Server) quoteStanding(ctx context.Context, z *i18n.Localizer, sq store.StoredQuote, d *evaluation.Analysis, flags []redflag.Flag, m *views.QuoteDetail) error {
	status := quoteStatuses{shortlist: d.Shortlist, waivers: d.Waivers}
	row := views.QuoteRow{ID: sq.ID}
	row.Blockers, _ = redflag.Counts(flags)
	status.apply(z, &row, flags)
	status.markWaived(z, sq.ID, m.Flags, flags)
	m.Status, m.StatusCSS, m.Blockers, m.Waived = row.Status, row.StatusCSS, row.Blockers, row.Waived
	text, ok, err := s.awardStatus(ctx, z, sq.EvaluationID, sq.ID)
	if err != nil {
		return err
	}
	if ok {
		m.Status, m.StatusCSS = text, "ok"
	}
	return nil
}

// expiryBanner warns of a quote that expires soon ("warn") or has
// expired ("error"); "" when it is valid for a while yet.
func expiryBanner(z *i18n.Localizer, q quote.Quote, now time.Time) (text, css string) {
	_, state := expiry(z, q, now)
	if state == "" {
		return "", ""
	}
	until, _ := q.ValidUntil.Get()
	if state == "blocker" {
		return z.T("quote.expired_banner", map[string]any{"Date": z.Date(until)}), "error"
	}
	return z.T("quote.expiring_banner", map[string]any{"Date": z.Date(until)}), "warn"
}

// quoteRevisions lists the quote's revisions and, where it has more than
// one, the terms that differ between the two the query names (the last
// two by default).
func quoteRevisions(z *i18n.Localizer, revs []store.Revision, query url.Values, m *views.QuoteDetail) {
	for _, rv := range revs {
		m.Revisions = append(m.Revisions, views.RevisionRow{N: rv.Revision,
			Line: z.T("quote.revision_line", map[string]any{"N": rv.Revision, "Author": rv.AuthorName, "At": z.DateTime(rv.CreatedAt)})})
	}
	if len(revs) < 2 {
		return
	}
	m.DiffFrom, m.DiffTo = revs[len(revs)-2].Revision, revs[len(revs)-1].Revision
	if f, err := strconv.Atoi(query.Get("from")); err == nil {
		m.DiffFrom = f
	}
	if t, err := strconv.Atoi(query.Get("to")); err == nil {
		m.DiffTo = t
	}
	m.Diff = revisionDiff(z, revs, m.DiffFrom, m.DiffTo)
}

// revisionDiff lists the terms that differ between revisions from and to.
func revisionDiff(z *i18n.Localizer, revs []store.Revision, from, to int) []views.DiffRow {
	var a, b *quote.Quote
	for i := range revs {
		if revs[i].Revision == from {
			a = &revs[i].Quote
		}
		if revs[i].Revision == to {
			b = &revs[i].Quote
		}
	}
	if a == nil || b == nil {
		return nil
	}
	var out []views.DiffRow
	for _, ch := range quote.Diff(*a, *b) {
		c, _ := quote.ColumnByName(ch.Column)
		out = append(out, views.DiffRow{Term: z.T(ch.Label), Old: termText(z, c, a), New: termText(z, c, b)})
	}
	return out
}

func (s *Server) editQuote(w http.ResponseWriter, r *http.Request) error {
	sq, e, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	m := views.QuoteForm{EvaluationID: e.ID, EvaluationName: e.Name, QuoteID: sq.ID, Version: sq.Version,
		Groups: formGroups(z, sq.Quote, nil, nil)}
	s.render(w, r, http.StatusOK, views.QuoteFormPage(s.page(r, z.T("quote.edit"), "evaluations"), m))
	return nil
}

func (s *Server) updateQuote(w http.ResponseWriter, r *http.Request) error {
	sq, e, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	q, raw, errs, err := parseQuoteForm(w, r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	version, _ := strconv.Atoi(r.PostForm.Get("version"))
	m := views.QuoteForm{EvaluationID: e.ID, EvaluationName: e.Name, QuoteID: sq.ID, Version: version}
	if len(errs) > 0 {
		m.Groups, m.HasErrors = formGroups(z, q, raw, errs), true
		p := s.page(r, z.T("quote.edit"), "evaluations")
		p.Errors = quoteSummary(m.Groups)
		s.render(w, r, http.StatusUnprocessableEntity, views.QuoteFormPage(p, m))
		return nil
	}
	_, err = s.eval.ReviseQuote(r.Context(), currentUser(r), sq.ID, version, q)
	if errors.Is(err, store.ErrConflict) {
		m.Groups, m.Conflict, m.Version = formGroups(z, q, raw, nil), true, sq.Version
		p := s.page(r, z.T("quote.edit"), "evaluations")
		p.Errors = []views.FormError{{Target: "quote-conflict", Message: z.T("quote.conflict")}}
		s.render(w, r, http.StatusConflict, views.QuoteFormPage(p, m))
		return nil
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/quotes/"+strconv.FormatInt(sq.ID, 10), "flash.quote_updated")
}

func (s *Server) deleteQuote(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	evID, err := s.eval.DeleteQuote(r.Context(), currentUser(r), id)
	switch {
	case errors.Is(err, approval.ErrNotYourQuote):
		return errForbidden
	case errors.Is(err, approval.ErrOnShortlist):
		return redirect(w, r, "/quotes/"+strconv.FormatInt(id, 10), "flash.quote_on_shortlist")
	case err != nil:
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(evID, 10)+"/quotes", "flash.quote_deleted")
}
