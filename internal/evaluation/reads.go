package evaluation

import (
	"context"
	"encoding/json"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The plain reads and the one audit write that pages make with no rule of
// their own: here so that web reaches the database only through the
// application layer.

// Ping reports whether the database answers (the health check).
func (s *Service) Ping(ctx context.Context) error { return s.store.Ping(ctx) }

// AuditLog reads one page of the audit log and the users, evaluations and
// actions its filter offers, in one snapshot.
func (s *Service) AuditLog(ctx context.Context, f store.AuditFilter) ([]audit.Entry, store.AuditChoices, error) {
	var entries []audit.Entry
	var choices store.AuditChoices
	err := s.store.ReadOnly(ctx, func(tx *store.Store) error {
		var err error
		if entries, err = tx.ListAudit(ctx, f); err != nil {
			return err
		}
		choices, err = tx.ListAuditChoices(ctx)
		return err
	})
	return entries, choices, err
}

// RecordDenied records a refused request in the audit log.
func (s *Service) RecordDenied(ctx context.Context, e audit.Entry) error {
	return s.store.RecordAudit(ctx, e)
}

// StoredAward is an award as recorded, before any figure is worked out
// again (the award's evaluation, its shares, its status).
func (s *Service) StoredAward(ctx context.Context, id int64) (store.Award, error) {
	return s.store.Award(ctx, id)
}

// StoredAwards are an evaluation's awards as recorded, newest first.
func (s *Service) StoredAwards(ctx context.Context, evaluationID int64) ([]store.Award, error) {
	return s.store.Awards(ctx, evaluationID)
}

// Benchmarks lists a quote's uploads, withdrawn ones included.
func (s *Service) Benchmarks(ctx context.Context, quoteID int64) ([]store.Benchmark, error) {
	return s.store.ListBenchmarks(ctx, quoteID)
}

// BenchmarkContent is an upload with the log as uploaded.
func (s *Service) BenchmarkContent(ctx context.Context, id int64) (store.Benchmark, []byte, error) {
	return s.store.BenchmarkContent(ctx, id)
}

// CriteriaTemplate is the admin's criteria template (the weights a new
// evaluation starts with), or the default weights when none was saved or
// the saved one cannot be read.
func (s *Service) CriteriaTemplate(ctx context.Context) ([]scoring.Weight, error) {
	raw, err := s.store.Setting(ctx, store.SettingCriteriaTemplate)
	if err != nil {
		return nil, err
	}
	var saved []scoring.Weight
	if raw != "" && json.Unmarshal([]byte(raw), &saved) == nil {
		return saved, nil
	}
	return scoring.DefaultWeights(), nil
}
