package web

import (
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// paperContact is a paper's default contact: the signed-in user.
func paperContact(r *http.Request) string {
	u := currentUser(r)
	return u.Name + " <" + u.Email + ">"
}

// printBrief is the one-page capacity brief every vendor receives.
func (s *Server) printBrief(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	ref := "GQ-" + strconv.FormatInt(e.ID, 10) + "-B" + strconv.Itoa(b.Version)
	head, errs := views.LetterheadModel(z, r.URL.Query(), s.eval.Now(), paperContact(r), ref)
	p := s.page(r, z.T("brief.print_title", map[string]any{"Name": e.Name}), "evaluations")
	p.Errors = errs
	s.render(w, r, http.StatusOK, views.BriefPrintPage(p, views.BriefPrintModel(r.Context(), e.ID, e.Name, head, b.Data)))
	return nil
}

// quoteQuestions is the letter to the vendor: the questions a quote's red
// flags raise, addressed to the provider, with the quote's reference.
func (s *Server) quoteQuestions(w http.ResponseWriter, r *http.Request) error {
	sq, e, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	_, flags, err := s.storedFlags(r.Context(), sq)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	ref := "GQ-" + strconv.FormatInt(e.ID, 10) + "-Q" + strconv.FormatInt(sq.ID, 10)
	if v, ok := sq.Quote.QuoteRef.Get(); ok {
		ref = z.T("paper.your_reference", map[string]any{"Theirs": v, "Ours": ref})
	}
	head, errs := views.LetterheadModel(z, r.URL.Query(), s.eval.Now(), paperContact(r), ref)
	p := s.page(r, z.T("quote.questions"), "evaluations")
	p.Errors = errs
	s.render(w, r, http.StatusOK, views.QuestionsPrintPage(p, views.QuestionsModel(z, sq.ID, sq.ProviderName, head, flagViews(z, flags))))
	return nil
}
