package web

import (
	"cmp"
	"errors"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// rerenderRFQ shows the round page again with errors at their fields.
func (s *Server) rerenderRFQ(w http.ResponseWriter, r *http.Request, fe fieldErrors) error {
	d, err := s.roundDetail(r)
	if err != nil {
		return err
	}
	m := s.rfqPageModel(r, d)
	views.RFQPageErrors(i18n.From(r.Context()), &m, fe, r.PostForm.Get("time_zone"))
	s.render(w, r, http.StatusUnprocessableEntity, views.RFQDetailPage(s.page(r, m.Title, "evaluations"), m))
	return nil
}

// roundForm runs do on the {id} round (opened first if its deadline
// passed) with its form read, and goes back to the round's page with
// flash; errors at the form's fields show the page again.
func (s *Server) roundForm(w http.ResponseWriter, r *http.Request, flash string, do func(rd evaluation.RFQ) error) error {
	rd, err := s.loadRound(r)
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	var fe fieldErrors
	if err := do(rd); errors.As(err, &fe) {
		return s.rerenderRFQ(w, r, fe)
	} else if err != nil {
		return err
	}
	return redirect(w, r, views.RFQURL(rd.ID), flash)
}

func (s *Server) openForm(w http.ResponseWriter, r *http.Request) error {
	return s.roundForm(w, r, "flash.rfq_opened", func(rd evaluation.RFQ) error {
		_, err := s.eval.OpenEarly(r.Context(), currentUser(r).Actor(), rd.ID, r.PostForm.Get("reason"))
		return err
	})
}

func (s *Server) remind(w http.ResponseWriter, r *http.Request) error {
	if !s.mailOn {
		return s.roundForm(w, r, "flash.rfq_no_mail", func(evaluation.RFQ) error { return nil })
	}
	return s.roundForm(w, r, "flash.rfq_reminded", func(rd evaluation.RFQ) error {
		return s.eval.Remind(r.Context(), currentUser(r).Actor(), rd, s.links(r))
	})
}

func (s *Server) resendBrief(w http.ResponseWriter, r *http.Request) error {
	return s.roundForm(w, r, "flash.rfq_brief_sent", func(rd evaluation.RFQ) error {
		return s.eval.ResendBrief(r.Context(), currentUser(r).Actor(), rd, s.links(r))
	})
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
func (s *Server) revokeForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	rfqID, err := s.eval.Revoke(r.Context(), currentUser(r).Actor(), id)
	if err != nil {
		return err
	}
	return redirect(w, r, views.RFQURL(rfqID), "flash.rfq_revoked")
}

// answerForm publishes an answer to every vendor of the round; the mail
// and the vendor pages quote the question without naming who asked. A
// form without the "published" field publishes the question as asked.
func (s *Server) answerForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	var published *string
	if _, ok := r.PostForm["published"]; ok {
		p := r.PostForm.Get("published")
		published = &p
	}
	rfqID, err := s.eval.Answer(r.Context(), currentUser(r).Actor(), id, published, r.PostForm.Get("answer"), s.links(r))
	var fe fieldErrors
	if errors.As(err, &fe) {
		return redirect(w, r, views.RFQURL(rfqID), cmp.Or(fe["answer"], fe["published"]))
	}
	if err != nil {
		return err
	}
	return redirect(w, r, views.RFQURL(rfqID), "flash.rfq_answered")
}

// reissueForm gives a vendor a new link (the old one stops working) and
// shows it once; with mail on it is also sent.
func (s *Server) reissueForm(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	rd, inv, err := s.eval.ReissueLink(r.Context(), currentUser(r).Actor(), id, s.links(r))
	if errors.Is(err, evaluation.ErrConflict) {
		return redirect(w, r, views.RFQURL(rd.ID), "flash.rfq_link_not_reissued")
	}
	if err != nil {
		return err
	}
	s.renderCreated(w, r, rd, []evaluation.NewInvitation{inv},
		i18n.T(r.Context(), "sourcing.new_link_for", map[string]any{"Company": inv.Company}))
	return nil
}
