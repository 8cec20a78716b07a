package views

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// papersReplyDays is how long a vendor gets to answer by default.
const papersReplyDays = 14

// LetterheadModel is what every paper that leaves the building carries:
// who sends it, when, under which reference, and by when to answer. The
// buyer, the contact and the reply-by date come from the page's own small
// form (q: query parameters, nothing stored), else the defaults (contact:
// the signed-in user; reply in two weeks). A reply-by date that is not a
// date or is past is refused and the default kept.
func LetterheadModel(z *i18n.Localizer, q url.Values, today time.Time, contact, reference string) (Letterhead, []FormError) {
	h := Letterhead{Buyer: strings.TrimSpace(q.Get("buyer")), Contact: strings.TrimSpace(q.Get("contact")),
		Date: z.Date(today), Reference: reference}
	if h.Contact == "" {
		h.Contact = contact
	}
	h.Buyer, h.Contact = papersLimit(h.Buyer, 200), papersLimit(h.Contact, 200)
	reply := today.AddDate(0, 0, papersReplyDays)
	var errs []FormError
	if v := strings.TrimSpace(q.Get("reply_by")); v != "" {
		d, err := time.Parse(time.DateOnly, v)
		switch {
		case err != nil:
			errs = append(errs, FormError{Target: "reply_by", Label: z.T("paper.reply_by"), Message: z.T("paper.error.date")})
		case d.Before(today.Truncate(24 * time.Hour)):
			errs = append(errs, FormError{Target: "reply_by", Label: z.T("paper.reply_by"), Message: z.T("paper.error.past")})
		default:
			reply = d
		}
	}
	h.ReplyBy, h.ReplyByValue = z.Date(reply), reply.Format(time.DateOnly)
	h.BuyerValue = q.Get("buyer")
	return h, errs
}

// papersLimit cuts s to n runes: the letterhead's fields are one line each.
func papersLimit(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// BriefPrintModel is the one-page capacity brief every vendor receives:
// the letterhead, the filled fields by section, and the open fields as
// one "to be confirmed" list.
func BriefPrintModel(ctx context.Context, evaluationID int64, name string, head Letterhead, b brief.Brief) BriefPrint {
	m := BriefPrint{EvaluationID: evaluationID, EvaluationName: name, Head: head, Brief: b, Completeness: brief.Score(b)}
	for _, f := range brief.Fields {
		if !b.Filled(f.Key) {
			m.Open = append(m.Open, FieldLabel(ctx, f.Key))
		}
	}
	return m
}

// QuestionsModel is the letter to the vendor: the questions its quote's
// red flags raise (each once), and the letter as plain text.
func QuestionsModel(z *i18n.Localizer, quoteID int64, provider string, head Letterhead, flags []FlagView) QuestionsPage {
	m := QuestionsPage{QuoteID: quoteID, Provider: provider, Head: head}
	seen := map[string]bool{}
	for _, f := range flags {
		if !seen[f.Question] {
			seen[f.Question] = true
			m.Questions = append(m.Questions, f.Question)
		}
	}
	m.Plain = papersQuestionsText(z, m)
	return m
}

// papersQuestionsText is the letter as plain text, to paste into an email.
func papersQuestionsText(z *i18n.Localizer, m QuestionsPage) string {
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
