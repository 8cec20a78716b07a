package views

import (
	"context"
	"errors"

	"github.com/gpuquote/gpuquote/internal/i18n"
)

// QuoteLimitText is the message for a refused import or new quote, naming
// the limit (an error with the counts of store.QuoteLimitError), or ""
// when err is something else.
func QuoteLimitText(ctx context.Context, err error) string {
	var le interface {
		QuoteLimit() (limit, existing, adding int)
	}
	if !errors.As(err, &le) {
		return ""
	}
	limit, existing, adding := le.QuoteLimit()
	z := i18n.From(ctx)
	return z.T("quote.limit", map[string]any{"Limit": z.Int(int64(limit)), "Existing": z.Int(int64(existing)), "Adding": z.Int(int64(adding))})
}
