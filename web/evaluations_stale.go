package web

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/store"
)

// staleApprovals is the list's staleness marker of each approved evaluation.
func (s *Server) staleApprovals(ctx context.Context, list []store.EvaluationSummary) (map[int64]bool, error) {
	return s.eval.StaleApprovals(ctx, list)
}
