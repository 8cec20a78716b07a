package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/store"
)

// CreateEvaluation starts an evaluation named name (checked by the form
// or the API's validation) owned by the user who creates it: the HTML
// form and POST /api/v1/evaluations both call it.
func (s *Service) CreateEvaluation(ctx context.Context, by store.User, name string) (store.Evaluation, error) {
	return s.store.CreateEvaluation(ctx, by.Actor(), name)
}

// RenameEvaluation renames the evaluation if it is still at version
// (store.ErrConflict when it changed since).
func (s *Service) RenameEvaluation(ctx context.Context, by store.User, id int64, version int, name string) (store.Evaluation, error) {
	return s.store.UpdateEvaluation(ctx, by.Actor(), id, version, store.EvaluationChange{Name: &name})
}

// ArchiveEvaluation archives the evaluation, or brings it back when
// archived is false, if it is still at version (store.ErrConflict when it
// changed since).
func (s *Service) ArchiveEvaluation(ctx context.Context, by store.User, id int64, version int, archived bool) (store.Evaluation, error) {
	return s.store.UpdateEvaluation(ctx, by.Actor(), id, version, store.EvaluationChange{Archived: &archived})
}

// Evaluation reads one evaluation (store.ErrNotFound when there is none).
func (s *Service) Evaluation(ctx context.Context, id int64) (store.Evaluation, error) {
	return s.store.Evaluation(ctx, id)
}

// Brief reads the evaluation's brief as stored.
func (s *Service) Brief(ctx context.Context, evaluationID int64) (store.StoredBrief, error) {
	return s.store.Brief(ctx, evaluationID)
}
