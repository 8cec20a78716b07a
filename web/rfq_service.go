package web

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/sourcing"
	"github.com/gpuquote/gpuquote/internal/store"
)

// baseURL is where vendor links point: the configured public address, or
// the address the buyer reached the app at.
func (s *Server) baseURL(r *http.Request) string {
	if s.publicURL != "" {
		return s.publicURL
	}
	scheme := "http"
	if r.TLS != nil || s.secureCookies {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// deadlineText shows a deadline in the zone the buyer gave.
func deadlineText(z *i18n.Localizer, t time.Time, zone string) string {
	t = t.In(rfq.Location(zone))
	return z.Date(t) + " " + t.Format("15:04") + " " + zone
}

// zoneError is the unknown zone's message with the zone the buyer
// probably meant: "Berlin" → try "Europe/Berlin".
func zoneError(z *i18n.Localizer, zone string) string {
	if sug := sourcing.SuggestZone(zone); sug != "" {
		return z.T("sourcing.error.time_zone_suggest", map[string]any{"Zone": zone, "Suggestion": sug})
	}
	return z.T("sourcing.error.time_zone")
}

// links is where this request's vendor links point, with the
// invitation's and the notices' wording when mail is on.
func (s *Server) links(r *http.Request) evaluation.Links {
	l := evaluation.Links{Base: s.baseURL(r)}
	if s.mailOn {
		l.Mail, l.Notice = inviteMail, noticeMail
	}
	return l
}

// inviteMail is the invitation in the vendor's own language.
func inviteMail(v rfq.Vendor, link string, n store.NewRFQ, kind string) store.Mail {
	z := i18n.New(v.Language)
	data := map[string]any{"Contact": v.Contact, "Company": v.Company, "Link": link,
		"Deadline": deadlineText(z, n.Deadline, n.TimeZone),
		"Expires":  deadlineText(z, n.Deadline.Add(time.Duration(n.GraceHours)*time.Hour), n.TimeZone)}
	body := z.T("rfq.mail."+kind+"_body", data)
	if n.Note != "" {
		body += "\n\n" + n.Note
	}
	return store.Mail{Kind: kind, To: v.Email, Subject: z.T("rfq.mail."+kind+"_subject", data), Body: body + "\n"}
}

// openDue opens the evaluation's rounds whose deadline has passed, so any
// page that reads the evaluation after a deadline sees the answers as
// quotes. A failure is logged: the page still shows what is stored.
func (s *Server) openDue(ctx context.Context, evalID int64) {
	if _, err := s.eval.OpenDue(ctx, evalID); err != nil {
		s.log.Warn("open due rounds", "evaluation", evalID, "err", err)
	}
}

// notOpened logs a due round that could not be opened and carries on
// with what is stored: the page still shows it.
func (s *Server) notOpened(err error) error {
	var ne *evaluation.NotOpenedError
	if !errors.As(err, &ne) {
		return err
	}
	s.log.Warn("open due rounds", "evaluation", ne.EvaluationID, "err", ne.Err)
	return ne.Then
}

// loadRound reads the {id} round after opening it if its deadline passed.
func (s *Server) loadRound(r *http.Request) (store.RFQ, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return store.RFQ{}, err
	}
	rd, err := s.eval.Round(r.Context(), id)
	return rd, s.notOpened(err)
}

// roundDetail reads the {id} round as its page and API show it.
func (s *Server) roundDetail(r *http.Request) (evaluation.RoundDetail, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return evaluation.RoundDetail{}, err
	}
	d, err := s.eval.RoundDetail(r.Context(), id)
	return d, s.notOpened(err)
}
