package web

import (
	"cmp"
	"errors"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/web/views"
)

// quoteParam loads the {id} quote with its evaluation and brief.
func (s *Server) quoteParam(r *http.Request) (evaluation.StoredQuote, evaluation.Evaluation, evaluation.StoredBrief, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return evaluation.StoredQuote{}, evaluation.Evaluation{}, evaluation.StoredBrief{}, err
	}
	q, err := s.eval.QuoteInContext(r.Context(), id)
	return q.Quote, q.Evaluation, q.Brief, err
}

func (s *Server) showQuote(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	ctx, z, u := r.Context(), i18n.From(r.Context()), currentUser(r)
	qp, err := s.eval.QuotePage(ctx, id)
	if err != nil {
		return err
	}
	sq, d := qp.Quote, qp.Analysis
	cur, _ := sq.Quote.Currency.Get()
	m := views.QuoteDetail{ID: sq.ID, EvaluationID: qp.Evaluation.ID, EvaluationName: qp.Evaluation.Name, Provider: sq.ProviderName,
		Groups: views.QuoteTermGroups(z, sq.Quote), Flags: flagViews(z, qp.Flags), Market: s.marketView(ctx, sq.Quote),
		CanEdit: u.Role.Can(auth.EditQuotes), CanDelete: approval.MayDeleteAs(u.Role, u.ID, sq.AuthorID),
		Money: views.QuoteMoneyModel(z, d.WS, d.A.FX, sq.ID, cur, unitLabel(z, d), "/evaluations/"+strconv.FormatInt(d.Evaluation.ID, 10)+"/worksheet"),
		Bench: benchView(z, sq, qp.Bench, u.Role.Can(auth.UploadBenchmarks), false)}
	var submittedBy string
	if m.Source, submittedBy, err = s.quoteSource(ctx, z, sq); err != nil {
		return err
	}
	// a vendor's answer was not entered by the buyer
	m.AuthorLine = cmp.Or(submittedBy, z.T("quote.author_line", map[string]any{"Author": sq.AuthorName, "Version": sq.Version, "Updated": z.DateTime(sq.UpdatedAt)}))
	quoteStanding(z, qp, &m)
	m.Banner, m.BannerCSS = views.QuoteExpiryBanner(z, sq.Quote, s.eval.Now())
	revs := make([]views.QuoteRevision, len(qp.Revisions))
	for i, rv := range qp.Revisions {
		revs[i] = views.QuoteRevision{N: rv.Revision, Author: rv.AuthorName, At: rv.CreatedAt, Quote: rv.Quote}
	}
	views.QuoteRevisionsModel(z, revs, r.URL.Query().Get("from"), r.URL.Query().Get("to"), &m)
	s.render(w, r, http.StatusOK, views.QuoteDetailPage(s.flashedPage(w, r, z.T("quote.title", map[string]any{"Provider": sq.ProviderName})), m))
	return nil
}

// quoteStanding sets where the quote stands: its status on the shortlist
// or in an award, its blockers and waivers (the analysis's flags carry
// the compliance attestations its vendor did not give).
func quoteStanding(z *i18n.Localizer, qp evaluation.QuotePage, m *views.QuoteDetail) {
	status := quoteStatuses{shortlist: qp.Analysis.Shortlist, waivers: qp.Analysis.Waivers}
	row := views.QuoteRow{ID: qp.Quote.ID}
	row.Blockers, _ = redflag.Counts(qp.Flags)
	status.apply(z, &row, qp.Flags)
	status.markWaived(z, qp.Quote.ID, m.Flags, qp.Flags)
	m.Status, m.StatusCSS, m.Blockers, m.Waived = row.Status, row.StatusCSS, row.Blockers, row.Waived
	if aw := qp.Award; aw != nil {
		m.Status, m.StatusCSS = views.QuoteAwardStatus(z, aw.SharePct, aw.Approved), "ok"
	}
}

func (s *Server) editQuote(w http.ResponseWriter, r *http.Request) error {
	sq, e, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	s.renderQuoteForm(w, r, http.StatusOK, "quote.edit", views.QuoteForm{EvaluationID: e.ID, EvaluationName: e.Name, QuoteID: sq.ID,
		Version: sq.Version, Groups: formGroups(i18n.From(r.Context()), sq.Quote, nil, nil)})
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
		s.renderQuoteForm(w, r, http.StatusUnprocessableEntity, "quote.edit", m)
		return nil
	}
	_, err = s.eval.ReviseQuote(r.Context(), currentUser(r), sq.ID, version, q)
	if errors.Is(err, evaluation.ErrConflict) {
		m.Groups, m.Conflict, m.Version = formGroups(z, q, raw, nil), true, sq.Version
		s.renderQuoteForm(w, r, http.StatusConflict, "quote.edit", m)
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
