package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

func rfqURL(id int64) string { return "/rfqs/" + strconv.FormatInt(id, 10) }

// rerenderRFQ shows the round page again with errors at their fields.
func (s *Server) rerenderRFQ(w http.ResponseWriter, r *http.Request, fe fieldErrors) error {
	d, err := s.roundDetail(r)
	if err != nil {
		return err
	}
	m, err := s.rfqPageModel(r, d)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	for k, key := range fe {
		if strings.HasPrefix(k, "quote_ids") {
			k = "quote_ids"
		}
		m.Errors[k] = z.T(key)
	}
	if _, ok := fe["time_zone"]; ok {
		m.Errors["time_zone"] = zoneError(z, r.PostForm.Get("time_zone"))
	}
	s.render(w, r, http.StatusUnprocessableEntity, views.RFQDetailPage(s.page(r, m.Title, "evaluations"), m))
	return nil
}

func (s *Server) openForm(w http.ResponseWriter, r *http.Request) error {
	rd, err := s.loadRound(r)
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	_, err = s.openEarly(r, rd, r.PostForm.Get("reason"))
	var fe fieldErrors
	if errors.As(err, &fe) {
		return s.rerenderRFQ(w, r, fe)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, rfqURL(rd.ID), "flash.rfq_opened")
}

func (s *Server) startRoundForm(w http.ResponseWriter, r *http.Request) error {
	rd, err := s.loadRound(r)
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	in := evaluation.RoundRequest{Deadline: r.PostForm.Get("deadline"), TimeZone: r.PostForm.Get("time_zone"), Note: r.PostForm.Get("note")}
	for _, v := range r.PostForm["quote_id"] {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return errBadRequest
		}
		in.QuoteIDs = append(in.QuoteIDs, id)
	}
	next, invs, err := s.eval.StartRound(r.Context(), currentUser(r).Actor(), rd, in, s.links(r))
	var fe fieldErrors
	if errors.As(err, &fe) {
		return s.rerenderRFQ(w, r, fe)
	}
	if err != nil {
		return err
	}
	s.renderCreated(w, r, next, invs, i18n.T(r.Context(), "rfq.created"))
	return nil
}

// noticeMails is one mail of kind per vendor still in the round, in its
// language; none without mail configured.
func (s *Server) noticeMails(rd store.RFQ, invs []store.Invitation, kind string, keep func(store.Invitation) bool) []store.Mail {
	if !s.mailOn {
		return nil
	}
	var out []store.Mail
	for _, i := range invs {
		if i.Status == rfq.Revoked || !keep(i) {
			continue
		}
		z := i18n.New(i.Language)
		data := map[string]any{"Contact": i.Contact, "Company": i.Company, "Deadline": deadlineText(z, rd.Deadline, rd.TimeZone),
			"Invited": z.DateTime(i.CreatedAt)}
		out = append(out, store.Mail{InvitationID: i.ID, Kind: kind, To: i.Email,
			Subject: z.T("rfq.mail."+kind+"_subject", data), Body: z.T("rfq.mail."+kind+"_body", data) + "\n"})
	}
	return out
}

func (s *Server) remind(w http.ResponseWriter, r *http.Request) error {
	d, err := s.roundDetail(r)
	if err != nil {
		return err
	}
	if !s.mailOn {
		return redirect(w, r, rfqURL(d.RFQ.ID), "flash.rfq_no_mail")
	}
	mails := s.noticeMails(d.RFQ, d.Invitations, "reminder", func(i store.Invitation) bool { return i.Status != rfq.Submitted })
	if err := s.store.Remind(r.Context(), currentUser(r).Actor(), d.RFQ.ID, mails); err != nil {
		return err
	}
	return redirect(w, r, rfqURL(d.RFQ.ID), "flash.rfq_reminded")
}

func (s *Server) resendBrief(w http.ResponseWriter, r *http.Request) error {
	d, err := s.roundDetail(r)
	if err != nil {
		return err
	}
	mails := s.noticeMails(d.RFQ, d.Invitations, "brief", func(store.Invitation) bool { return true })
	if _, err := s.store.ResendBrief(r.Context(), currentUser(r).Actor(), d.RFQ.ID, mails); err != nil {
		return err
	}
	return redirect(w, r, rfqURL(d.RFQ.ID), "flash.rfq_brief_sent")
}

func (s *Server) revokeForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	inv, err := s.store.Invitation(r.Context(), id)
	if err != nil {
		return err
	}
	if err := s.store.RevokeInvitation(r.Context(), currentUser(r).Actor(), id); err != nil {
		return err
	}
	return redirect(w, r, rfqURL(inv.RFQID), "flash.rfq_revoked")
}

// answerForm publishes an answer to every vendor of the round; the mail
// and the vendor pages quote the question without naming who asked.
func (s *Server) answerForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	q, err := s.store.Question(ctx, id)
	if err != nil {
		return err
	}
	rd, err := s.store.RFQ(ctx, q.RFQID)
	if err != nil {
		return err
	}
	answer := strings.TrimSpace(r.PostForm.Get("answer"))
	if answer == "" || len([]rune(answer)) > rfq.MaxAnswer {
		return redirect(w, r, rfqURL(rd.ID), "flash.rfq_answer_empty")
	}
	// The question goes out in the buyer's wording: the asker's own may
	// reveal its offer. A form without the field publishes the original.
	published := q.Text
	if _, ok := r.PostForm["published"]; ok {
		published = strings.TrimSpace(r.PostForm.Get("published"))
	}
	if published == "" || len([]rune(published)) > rfq.MaxQuestion {
		return redirect(w, r, rfqURL(rd.ID), "flash.sourcing_published_empty")
	}
	invs, err := s.store.Invitations(ctx, rd.ID)
	if err != nil {
		return err
	}
	mails := s.noticeMails(rd, invs, "answer", func(store.Invitation) bool { return true })
	for i := range mails {
		mails[i].Body = strings.TrimRight(mails[i].Body, "\n") + "\n\n" + published + "\n\n" + answer + "\n"
	}
	if err := s.store.AnswerQuestion(ctx, currentUser(r).Actor(), q.ID, published, answer, mails); err != nil {
		return err
	}
	return redirect(w, r, rfqURL(rd.ID), "flash.rfq_answered")
}

// reissueForm gives a vendor a new link (the old one stops working) and
// shows it once; with mail on it is also sent.
func (s *Server) reissueForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	rd, inv, err := s.eval.ReissueLink(r.Context(), currentUser(r).Actor(), id, s.links(r))
	if errors.Is(err, store.ErrConflict) {
		return redirect(w, r, rfqURL(rd.ID), "flash.rfq_link_not_reissued")
	}
	if err != nil {
		return err
	}
	s.renderCreated(w, r, rd, []evaluation.NewInvitation{inv},
		i18n.T(r.Context(), "sourcing.new_link_for", map[string]any{"Company": inv.Company}))
	return nil
}
