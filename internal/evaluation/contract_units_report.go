package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/contract"
	"github.com/gpuquote/gpuquote/internal/store"
)

// RecordUsefulUnits is SaveUsefulUnits answered with the commitment
// report the units change.
func (s *Service) RecordUsefulUnits(ctx context.Context, by store.User, id int64, month, units string) ([]contract.CommitmentRow, error) {
	if err := s.SaveUsefulUnits(ctx, by, id, month, units); err != nil {
		return nil, err
	}
	return s.Commitment(ctx, id)
}
