package evaluation

import (
	"context"
	"errors"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ErrShortlistState refuses a shortlist change the quote's state forbids
// (taking an approved quote off).
var ErrShortlistState = errors.New("evaluation: the quote's state forbids the change")

// PutShortlist asks for a quote to be on its evaluation's shortlist or
// off it, and returns its evaluation and where the quote stands after
// (ShortlistStatus). Asking for the state the quote is already in is no
// error, so a script may retry; a change the state forbids is
// ErrShortlistState, with the status the quote keeps.
func (s *Service) PutShortlist(ctx context.Context, by audit.Actor, quoteID int64, on bool) (evaluationID int64, status string, err error) {
	sq, err := s.SetShortlist(ctx, by, quoteID, on)
	if err != nil && !errors.Is(err, store.ErrConflict) {
		return 0, "", err
	}
	status, serr := s.ShortlistStatus(ctx, sq.EvaluationID, quoteID)
	if serr != nil {
		return 0, "", serr
	}
	if listed := status == "shortlisted" || status == "approved"; err != nil && listed != on {
		return sq.EvaluationID, status, ErrShortlistState
	}
	return sq.EvaluationID, status, nil
}
