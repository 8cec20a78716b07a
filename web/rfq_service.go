package web

import (
	"context"
	"errors"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
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

// links is where this request's vendor links point, with the
// invitation's and the notices' wording when mail is on.
func (s *Server) links(r *http.Request) evaluation.Links {
	if s.mailOn {
		return evaluation.MailLinks(s.baseURL(r))
	}
	return evaluation.Links{Base: s.baseURL(r)}
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
func (s *Server) loadRound(r *http.Request) (evaluation.RFQ, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return evaluation.RFQ{}, err
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
