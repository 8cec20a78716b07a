package evaluation

import (
	"bytes"
	"context"
	"errors"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
)

// ErrNoQuotes refuses a quote file that holds no quote.
var ErrNoQuotes = errors.New("evaluation: the file holds no quote")

// ReadImport reads a quote CSV with each row's line: a bad row is a
// *quote.ImportError naming its line, a file without a quote ErrNoQuotes.
func ReadImport(data []byte) ([]quote.Quote, []int, error) {
	rows, lines, err := quote.ReadCSVLines(bytes.NewReader(data))
	if err == nil && len(rows) == 0 {
		err = ErrNoQuotes
	}
	return rows, lines, err
}

// ImportPreview is a quote file read and planned against the quotes the
// evaluation holds, nothing saved: its rows with their lines, the plan,
// each row's flags against the brief, and Limit, the *store.QuoteLimitError
// the quotes it adds would meet (nil when they fit).
type ImportPreview struct {
	Rows  []quote.Quote
	Lines []int
	Plan  quote.ImportPlan
	Flags [][]redflag.Flag
	Limit error
}

// PreviewImportFile reads a quote file (ReadImport) and previews its
// import in mode: what it does with each row, and what each row raises.
func (s *Service) PreviewImportFile(ctx context.Context, evaluationID int64, data []byte, mode quote.ImportMode) (ImportPreview, error) {
	var out ImportPreview
	var err error
	if out.Rows, out.Lines, err = ReadImport(data); err != nil {
		return out, err
	}
	if out.Plan, err = s.PreviewImport(ctx, evaluationID, out.Rows, out.Lines, mode); err != nil {
		return out, err
	}
	b, err := s.Brief(ctx, evaluationID)
	if err != nil {
		return out, err
	}
	out.Flags = FlagRows(out.Rows, b.Data, s.Now())
	out.Limit = s.CheckQuoteLimit(ctx, evaluationID, out.Plan.New)
	if le := (*store.QuoteLimitError)(nil); out.Limit != nil && !errors.As(out.Limit, &le) {
		return out, out.Limit
	}
	return out, nil
}

// FlagRows are the flags each row of an import raises against the brief
// as of today.
func FlagRows(rows []quote.Quote, b brief.Brief, today time.Time) [][]redflag.Flag {
	out := make([][]redflag.Flag, len(rows))
	for i, q := range rows {
		out[i] = Flags(q, b, today)
	}
	return out
}
