package web

import (
	"context"
	"errors"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
)

// quoteLimitText is the message for a refused import or new quote, naming
// the limit, or "" when err is something else.
func quoteLimitText(ctx context.Context, err error) string {
	var le *store.QuoteLimitError
	if !errors.As(err, &le) {
		return ""
	}
	z := i18n.From(ctx)
	return z.T("quote.limit", map[string]any{"Limit": z.Int(int64(le.Limit)),
		"Existing": z.Int(int64(le.Existing)), "Adding": z.Int(int64(le.Adding))})
}
