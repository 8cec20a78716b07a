package web

import (
	"context"
	"mime"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

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
	u := currentUser(r)
	return views.RFQPageModel(i18n.From(r.Context()), d.RoundDetail, views.RFQReader{EvaluationID: d.Evaluation.ID,
		EvaluationName: d.Evaluation.Name, Now: s.eval.Now(), MailOn: s.mailOn, CanRun: u.Role.Can(auth.EditQuotes), CanApprove: u.Role.Can(auth.Approve)})
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
// came from, "" for a quote entered by the buyer (views.QuoteSourceLines).
func (s *Server) quoteSource(ctx context.Context, z *i18n.Localizer, sq evaluation.StoredQuote) (line, submittedBy string, err error) {
	x, ok, err := s.eval.QuoteSource(ctx, sq.EvaluationID, sq.ID)
	if err != nil || !ok {
		return "", "", err
	}
	line, submittedBy = views.QuoteSourceLines(z, x, sq.Version)
	return line, submittedBy, nil
}

// sealedRounds tells the quote list which answers are still sealed.
func (s *Server) sealedRounds(ctx context.Context, z *i18n.Localizer, evalID int64) ([]views.SealedRound, error) {
	list, err := s.eval.SealedRounds(ctx, evalID)
	return views.SealedRoundsModel(z, list), err
}

func (s *Server) sealedRoundsJSON(ctx context.Context, evalID int64) ([]views.SealedRoundJSON, error) {
	list, err := s.eval.SealedRounds(ctx, evalID)
	return views.SealedRoundsJSONModel(list), err
}
