package evaluation

import (
	"context"
	"errors"
	"strings"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
)

var (
	// ErrWaiverReason refuses a waiver without a reason.
	ErrWaiverReason = errors.New("evaluation: a waiver needs a reason")
	// ErrUnknownFlag refuses a waiver of a flag the quote does not have.
	ErrUnknownFlag = errors.New("evaluation: the quote has no such flag")
)

// WaiveFlag records the reason for accepting one of the quote's blocker
// red flags, and returns the quote's evaluation. The flag must be one the
// decision page lists: the analysis's flags, which include what only it
// knows (a missing exchange rate). A flag waived already stays waived
// with its first reason.
func (s *Service) WaiveFlag(ctx context.Context, by audit.Actor, quoteID int64, flagID, reason string) (evaluationID int64, err error) {
	sq, err := s.store.Quote(ctx, quoteID)
	if err != nil {
		return 0, err
	}
	if strings.TrimSpace(reason) == "" {
		return sq.EvaluationID, ErrWaiverReason
	}
	d, err := s.Analyze(ctx, sq.EvaluationID)
	if err != nil {
		return sq.EvaluationID, err
	}
	known := false
	for _, f := range d.Flags[sq.ID] {
		known = known || f.ID == flagID
	}
	if !known {
		return sq.EvaluationID, ErrUnknownFlag
	}
	err = s.store.WaiveFlag(ctx, by, quoteID, flagID, strings.TrimSpace(reason))
	if errors.Is(err, store.ErrExists) {
		err = nil
	}
	return sq.EvaluationID, err
}
