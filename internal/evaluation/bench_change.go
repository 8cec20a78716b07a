package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ChangeBenchmark is the change the upload's forms and the API name by
// their one field: "reason" withdraws upload b for that reason, "kind"
// re-reads it as that kind. A refusal is a message key and changes
// nothing.
func (s *Service) ChangeBenchmark(ctx context.Context, by audit.Actor, b store.Benchmark, field, value string) (store.Benchmark, string, error) {
	if field == "kind" {
		return s.Reclassify(ctx, by, b, value)
	}
	return s.Withdraw(ctx, by, b, value)
}
