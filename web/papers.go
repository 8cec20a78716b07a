package web

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// replyDays is how long a vendor gets to answer by default.
const replyDays = 14

// letterhead is what every paper that leaves the building carries: who
// sends it, when, under which reference, and by when to answer. The buyer,
// the contact and the reply-by date come from the page's own small form
// (query parameters, nothing stored), with sensible defaults.
func (s *Server) letterhead(r *http.Request, reference string) (views.Letterhead, []views.FormError) {
	z := i18n.From(r.Context())
	q := r.URL.Query()
	u := currentUser(r)
	today := s.eval.Now()
	h := views.Letterhead{Buyer: strings.TrimSpace(q.Get("buyer")), Contact: strings.TrimSpace(q.Get("contact")),
		Date: z.Date(today), Reference: reference}
	if h.Contact == "" {
		h.Contact = u.Name + " <" + u.Email + ">"
	}
	h.Buyer, h.Contact = limit(h.Buyer, 200), limit(h.Contact, 200)
	reply := today.AddDate(0, 0, replyDays)
	var errs []views.FormError
	if v := strings.TrimSpace(q.Get("reply_by")); v != "" {
		d, err := time.Parse(time.DateOnly, v)
		switch {
		case err != nil:
			errs = append(errs, views.FormError{Target: "reply_by", Label: z.T("paper.reply_by"), Message: z.T("paper.error.date")})
		case d.Before(today.Truncate(24 * time.Hour)):
			errs = append(errs, views.FormError{Target: "reply_by", Label: z.T("paper.reply_by"), Message: z.T("paper.error.past")})
		default:
			reply = d
		}
	}
	h.ReplyBy, h.ReplyByValue = z.Date(reply), reply.Format(time.DateOnly)
	h.BuyerValue = q.Get("buyer")
	return h, errs
}

// limit cuts s to n runes: the letterhead's fields are one line each.
func limit(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// printBrief is the one-page capacity brief every vendor receives: the
// letterhead, the filled fields by section, and the open fields as one
// "to be confirmed" list.
func (s *Server) printBrief(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	head, errs := s.letterhead(r, "GQ-"+strconv.FormatInt(e.ID, 10)+"-B"+strconv.Itoa(b.Version))
	m := views.BriefPrint{EvaluationID: e.ID, EvaluationName: e.Name, Head: head, Brief: b.Data, Completeness: brief.Score(b.Data)}
	for _, f := range brief.Fields {
		if !b.Data.Filled(f.Key) {
			m.Open = append(m.Open, views.FieldLabel(r.Context(), f.Key))
		}
	}
	p := s.page(r, z.T("brief.print_title", map[string]any{"Name": e.Name}), "evaluations")
	p.Errors = errs
	s.render(w, r, http.StatusOK, views.BriefPrintPage(p, m))
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
	head, errs := s.letterhead(r, ref)
	m := views.QuestionsPage{QuoteID: sq.ID, Provider: sq.ProviderName, Head: head}
	seen := map[string]bool{}
	for _, f := range flagViews(z, flags) {
		if !seen[f.Question] {
			seen[f.Question] = true
			m.Questions = append(m.Questions, f.Question)
		}
	}
	m.Plain = questionsText(z, m)
	p := s.page(r, z.T("quote.questions"), "evaluations")
	p.Errors = errs
	s.render(w, r, http.StatusOK, views.QuestionsPrintPage(p, m))
	return nil
}

// questionsText is the letter as plain text, to paste into an email.
func questionsText(z *i18n.Localizer, m views.QuestionsPage) string {
	var b strings.Builder
	h := m.Head
	for _, line := range [][2]string{{"paper.to", m.Provider}, {"paper.from", h.Buyer}, {"paper.contact", h.Contact},
		{"paper.date", h.Date}, {"paper.reference", h.Reference}, {"paper.reply_by", h.ReplyBy}} {
		if line[1] != "" {
			b.WriteString(z.T(line[0]) + ": " + line[1] + "\n")
		}
	}
	b.WriteString("\n" + z.T("paper.questions_greeting", map[string]any{"Provider": m.Provider}) + "\n\n")
	b.WriteString(z.T("paper.questions_body", map[string]any{"ReplyBy": h.ReplyBy}) + "\n\n")
	for i, q := range m.Questions {
		b.WriteString(strconv.Itoa(i+1) + ". " + q + "\n")
	}
	b.WriteString("\n" + z.T("paper.questions_closing") + "\n" + h.Contact + "\n")
	return b.String()
}
