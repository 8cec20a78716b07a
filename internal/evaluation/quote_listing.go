package evaluation

import (
	"context"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
)

// QuoteListing is the evaluation's quotes as its list shows them: the
// kept analysis (every quote with its own flags) and the sourcing rounds
// each came from.
type QuoteListing struct {
	*Analysis
	Sources map[int64][]store.Source
}

// QuoteListing reads the evaluation's quotes as its list shows them.
func (s *Service) QuoteListing(ctx context.Context, evaluationID int64) (QuoteListing, error) {
	d, err := s.Analyze(ctx, evaluationID)
	if err != nil {
		return QuoteListing{}, err
	}
	srcs, err := s.QuoteSources(ctx, evaluationID)
	return QuoteListing{Analysis: d, Sources: srcs}, err
}

// ListedQuote is one quote as its evaluation's list shows it.
type ListedQuote struct {
	Quote   store.StoredQuote
	Flags   []redflag.Flag
	Sources []store.Source
}

// ListedQuote reads one quote as its evaluation's list shows it
// (store.ErrNotFound when there is none).
func (s *Service) ListedQuote(ctx context.Context, id int64) (ListedQuote, error) {
	sq, err := s.Quote(ctx, id)
	if err != nil {
		return ListedQuote{}, err
	}
	l, err := s.QuoteListing(ctx, sq.EvaluationID)
	if err != nil {
		return ListedQuote{}, err
	}
	for _, cur := range l.All {
		if cur.ID == id {
			return ListedQuote{Quote: cur, Flags: l.TermFlags[id], Sources: l.Sources[id]}, nil
		}
	}
	return ListedQuote{}, store.ErrNotFound
}

// ExportQuotes are the evaluation's quotes as stored, for the CSV
// export: the kept analysis holds them, with no read of 10,000 rows (1.2 s
// and 200 MB) per export.
func (s *Service) ExportQuotes(ctx context.Context, evaluationID int64) ([]quote.Quote, error) {
	d, err := s.Analyze(ctx, evaluationID)
	if err != nil {
		return nil, err
	}
	qs := make([]quote.Quote, len(d.All))
	for i, sq := range d.All {
		qs[i] = sq.Quote
	}
	return qs, nil
}
