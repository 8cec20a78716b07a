package evaluation

import (
	"context"
	"slices"

	"github.com/gpuquote/gpuquote/internal/sourcing"
)

// BriefVisibility is which brief fields are kept from vendors: as the
// evaluation's newest round marked them, or the default a new round
// starts with when there is none yet (Round 0).
type BriefVisibility struct {
	Internal []string
	Round    int
}

// Visibility says which of the evaluation's brief fields vendors do not
// see, for the brief page to show beside each field.
func (s *Service) Visibility(ctx context.Context, evaluationID int64) (BriefVisibility, error) {
	rounds, err := s.store.RFQsOf(ctx, evaluationID)
	if err != nil {
		return BriefVisibility{}, err
	}
	if len(rounds) == 0 {
		return BriefVisibility{Internal: slices.Clone(sourcing.DefaultInternal)}, nil
	}
	last := rounds[len(rounds)-1]
	return BriefVisibility{Internal: slices.Clone(last.InternalFields), Round: last.Round}, nil
}
