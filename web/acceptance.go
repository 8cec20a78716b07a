package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// recordAcceptance stores a person's record of one test from the page's
// form, with an optional evidence file.
func (s *Server) recordAcceptance(w http.ResponseWriter, r *http.Request) error {
	sq, _, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	var up evaluation.Upload
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		up, err = readMultipart(w, r, maxBenchmark)
	} else if err = parseForm(w, r); err == nil {
		up.Fields = map[string]string{}
		for _, k := range evaluation.AcceptanceFields {
			up.Fields[k] = r.PostForm.Get(k)
		}
	}
	if errors.Is(err, errTooLarge) {
		return s.renderBenchPage(w, r, http.StatusRequestEntityTooLarge, func(m *views.BenchView) {
			m.AcceptanceError = z.T("bench.error.too_large")
		})
	}
	if err != nil {
		return err
	}
	_, errs, err := s.eval.RecordAcceptance(r.Context(), currentUser(r).Actor(), sq.ID, up)
	if err != nil {
		return err
	}
	if len(errs) > 0 {
		return s.renderBenchPage(w, r, http.StatusUnprocessableEntity, func(m *views.BenchView) {
			m.AcceptanceError, m.Acceptance = views.BenchFieldMessages(z, errs, append(append([]string{}, evaluation.AcceptanceFields...), "file")), up.Fields
		})
	}
	return redirect(w, r, "/quotes/"+strconv.FormatInt(sq.ID, 10)+"/benchmarks#acceptance", "flash.acceptance_recorded")
}
