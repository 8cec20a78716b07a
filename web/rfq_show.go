package web

import (
	"cmp"
	"context"
	"mime"
	"net/http"
	"strconv"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// optTime formats an optional time, "" when unset.
func optTime(z *i18n.Localizer, t *time.Time) string {
	if t == nil {
		return ""
	}
	return z.DateTime(*t)
}

func (s *Server) showRFQ(w http.ResponseWriter, r *http.Request) error {
	d, err := s.roundDetail(r)
	if err != nil {
		return err
	}
	m := s.rfqPageModel(r, d)
	p := s.page(r, m.Title+" · "+m.EvaluationName, "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = i18n.T(r.Context(), key)
	}
	s.render(w, r, http.StatusOK, views.RFQDetailPage(p, m))
	return nil
}

func (s *Server) rfqPageModel(r *http.Request, d evaluation.RoundDetail) views.RFQPage {
	z := i18n.From(r.Context())
	rd, e := d.RFQ, d.Evaluation
	u := currentUser(r)
	m := views.RFQPage{ID: rd.ID, EvaluationID: e.ID, EvaluationName: e.Name, Round: rd.Round, Title: roundTitle(z, rd),
		DeadlineAt: rd.Deadline.Format(time.RFC3339),
		Deadline:   deadlineText(z, rd.Deadline, rd.TimeZone), LinksExpire: deadlineText(z, rd.Rules().LinkExpiry(), rd.TimeZone),
		Note: rd.Note, Sealed: rd.OpenedAt == nil, BriefVersion: rd.BriefVersion, MailOn: s.mailOn, BriefStale: d.BriefStale,
		CanRun: u.Role.Can(auth.EditQuotes), CanOpen: u.Role.Can(auth.Approve) && rd.OpenedAt == nil, Errors: map[string]string{}}
	if rd.OpenedAt != nil {
		m.OpenedLine = z.T("rfq.opened_deadline", map[string]any{"At": z.DateTime(*rd.OpenedAt)})
		if rd.OpenedBy != 0 {
			m.OpenedLine = z.T("rfq.opened_early", map[string]any{"At": z.DateTime(*rd.OpenedAt), "Reason": rd.OpenReason})
		}
	} else {
		m.Countdown, m.CountdownTemplate = countdown(z, rd.Deadline, s.eval.Now())
	}
	for _, i := range d.Invitations {
		m.Invitations = append(m.Invitations, invitationRow(z, i, s.mailOn, rd))
	}
	for _, k := range rd.InternalFields {
		m.Internal = append(m.Internal, z.T("brief.field."+k))
	}
	m.Compliance = complianceView(z, rd.Compliance, d.Compliance)
	for _, q := range d.Questions {
		m.Questions = append(m.Questions, views.QuestionRow{ID: q.ID, Company: q.Company, Text: q.Text, Published: q.Published,
			Asked: zoneTime(z, q.AskedAt, rd.TimeZone), Answer: q.Answer, Answered: optZoneTime(z, q.AnsweredAt, rd.TimeZone)})
	}
	m.Documents = documentRows(z, d.Documents)
	m.Rounds = roundRows(z, d.Rounds)
	for _, i := range d.Shortlisted {
		m.Shortlisted = append(m.Shortlisted, views.Option{Value: strconv.FormatInt(i.QuoteID, 10), Label: i.Company})
	}
	return m
}

func invitationRow(z *i18n.Localizer, i store.Invitation, mailOn bool, rd store.RFQ) views.InvitationRow {
	sealed := rd.OpenedAt == nil
	row := views.InvitationRow{ID: i.ID, Company: i.Company, Contact: i.Contact, Email: i.Email, Language: i18n.LanguageNames[i.Language],
		Status: string(i.Status), StatusText: z.T(i.Status.LabelKey()), Revisions: i.Revisions, QuoteID: i.QuoteID,
		Revocable: sealed && i.Status != rfq.Revoked}
	if !sealed && i.Status != rfq.Submitted {
		row.QuoteID = 0
	}
	row.Opened, row.Asked, row.Submitted = optZoneTime(z, i.OpenedAt, rd.TimeZone), optZoneTime(z, i.AskedAt, rd.TimeZone),
		optZoneTime(z, i.SubmittedAt, rd.TimeZone)
	switch {
	case i.MailStatus != "":
		row.Mail, row.MailCSS = z.T("rfq.mail_status."+i.MailStatus), map[string]string{"sent": "", "pending": "warn", "failed": "blocker"}[i.MailStatus]
		if i.MailError != "" && i.MailStatus != "sent" {
			row.Mail += " · " + i.MailError
		}
	case mailOn:
		row.Mail = z.T("rfq.mail_status.none")
	default:
		row.Mail = z.T("rfq.mail_status.off")
	}
	return row
}

func documentRows(z *i18n.Localizer, docs []store.Document) []views.DocumentRow {
	var out []views.DocumentRow
	for _, d := range docs {
		out = append(out, views.DocumentRow{ID: d.ID, Company: d.Company, Name: d.Name, Size: z.Int(int64(d.Size/1024+1)) + " KB",
			Uploaded: z.DateTime(d.UploadedAt), Sealed: !d.Readable})
	}
	return out
}

// downloadDocument serves a vendor's attachment to the buyer's side, once
// its round is open and its answer was submitted, as a download that is
// never rendered inline, streamed a chunk at a time.
func (s *Server) downloadDocument(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	d, err := s.eval.Document(r.Context(), id) // a deadline may have passed since anyone looked
	if err = s.notOpened(err); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", d.ContentType)
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": d.Name}))
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Content-Length", strconv.Itoa(d.Size))
	return s.eval.CopyDocument(r.Context(), id, w)
}

// quoteSource says which round and submission a quote's latest revision
// came from, "" for a quote entered by the buyer; submittedBy replaces the
// "entered by" line when the current revision is the vendor's own answer.
func (s *Server) quoteSource(ctx context.Context, z *i18n.Localizer, sq store.StoredQuote) (line, submittedBy string, err error) {
	x, ok, err := s.eval.QuoteSource(ctx, sq.EvaluationID, sq.ID)
	if err != nil || !ok {
		return "", "", err
	}
	line = z.T("rfq.source_line", map[string]any{"Round": x.Round, "Vendor": x.Company, "Email": x.Email,
		"At": z.DateTime(x.SubmittedAt), "N": x.Revision, "QuoteRevision": x.QuoteRevision})
	if x.QuoteRevision == sq.Version {
		submittedBy = z.T("sourcing.submitted_by", map[string]any{"Contact": cmp.Or(x.Contact, x.Email), "Company": x.Company,
			"Version": sq.Version, "At": z.DateTime(x.SubmittedAt)})
	}
	return line, submittedBy, nil
}

// sealedRounds tells the quote list which answers are still sealed.
func (s *Server) sealedRounds(ctx context.Context, z *i18n.Localizer, evalID int64) ([]views.SealedRound, error) {
	list, err := s.eval.SealedRounds(ctx, evalID)
	var out []views.SealedRound
	for _, x := range list {
		out = append(out, views.SealedRound{Link: rfqURL(x.RFQ.ID), Text: z.T("rfq.sealed_quotes", map[string]any{"Round": x.RFQ.Round,
			"Submitted": x.Submitted, "Invited": x.Invited, "Deadline": deadlineText(z, x.RFQ.Deadline, x.RFQ.TimeZone)})})
	}
	return out, err
}

type apiSealedRound struct {
	RFQID     int64     `json:"rfq_id"`
	Round     int       `json:"round"`
	Deadline  time.Time `json:"deadline"`
	Invited   int       `json:"invited"`
	Submitted int       `json:"submitted"`
}

func (s *Server) sealedRoundsJSON(ctx context.Context, evalID int64) ([]apiSealedRound, error) {
	list, err := s.eval.SealedRounds(ctx, evalID)
	out := []apiSealedRound{}
	for _, x := range list {
		out = append(out, apiSealedRound{RFQID: x.RFQ.ID, Round: x.RFQ.Round, Deadline: x.RFQ.Deadline, Invited: x.Invited, Submitted: x.Submitted})
	}
	return out, err
}
