package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"

	"github.com/gpuquote/gpuquote/internal/tco"
)

// analysisParam analyses the {id} evaluation: the one source of every
// figure its pages, exports and API show.
func (s *Server) analysisParam(r *http.Request) (*evaluation.Analysis, error) {
	id, err := idParam(r, "id")
	if err != nil {
		return nil, err
	}
	return s.eval.Analyze(r.Context(), id)
}

// minorDecimal is an exact amount from minor units.
func minorDecimal(m tco.Money) string { return m.Decimal() }
