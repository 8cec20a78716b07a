package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/store"
)

// DeleteQuote deletes a quote if approval.MayDelete allows it, deciding on
// the quote's standing as locked in the deleting transaction. It returns
// the quote's evaluation, for the page to go back to; the refusals are
// approval.ErrNotYourQuote and approval.ErrOnShortlist.
func (s *Service) DeleteQuote(ctx context.Context, u store.User, quoteID int64) (evaluationID int64, err error) {
	err = s.store.DeleteQuote(ctx, u.Actor(), quoteID, func(q store.QuoteStanding) error {
		evaluationID = q.EvaluationID
		return approval.MayDelete(u.Role, u.ID, approval.Standing{AuthorID: q.AuthorID, Shortlist: q.Shortlist})
	})
	return evaluationID, err
}
