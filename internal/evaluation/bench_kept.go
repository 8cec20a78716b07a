package evaluation

import (
	"context"
	"sync"
	"time"

	"github.com/gpuquote/gpuquote/internal/store"
)

// keptBenches is how many quotes' benchmark reads are kept: the quotes
// people are looking at now.
const keptBenches = 128

// BenchRead is a quote's Bench as of a revision of its evaluation's
// inputs and a day: the key under which what is built from it (the
// benchmarks page) may be kept.
type BenchRead struct {
	Quote    store.StoredQuote
	Bench    Bench
	Revision store.AnalysisRevision
	Day      time.Time
}

// benchKeeper keeps the newest Bench of the quotes read lately, each with
// the revision of its evaluation's inputs (which moves with every upload,
// withdrawal, acceptance result, quote and brief change, migration 000017)
// and the day it was judged on. A kept BenchRead is shared by every
// request that reads it: nothing may change it.
type benchKeeper struct {
	mu   sync.Mutex
	kept map[int64]*BenchRead // by quote
}

// of is the read kept for quoteID, whatever its revision; nil if none.
func (k *benchKeeper) of(quoteID int64) *BenchRead {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.kept[quoteID]
}

func (k *benchKeeper) put(b *BenchRead) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.kept == nil {
		k.kept = map[int64]*BenchRead{}
	}
	if _, ok := k.kept[b.Quote.ID]; !ok && len(k.kept) >= keptBenches {
		for other := range k.kept { // any one: a miss only costs a read
			delete(k.kept, other)
			break
		}
	}
	k.kept[b.Quote.ID] = b
}

// QuoteBench is quote quoteID's Bench: the one kept since its
// evaluation's inputs last moved, else read and judged once and kept. A
// kept read costs one small query (the revision of the evaluation the
// kept quote belongs to: a quote never changes evaluation, and a change
// to it, or its deletion, moves that revision), however many uploads the
// quote holds and however large they were.
func (s *Service) QuoteBench(ctx context.Context, quoteID int64) (*BenchRead, error) {
	day := calendarDay(s.store.Now())
	if b := s.benches.of(quoteID); b != nil {
		rev, err := s.store.AnalysisRevisionOf(ctx, b.Quote.EvaluationID)
		if err == nil && rev == b.Revision && b.Day.Equal(day) {
			return b, nil
		}
	}
	sq, err := s.store.Quote(ctx, quoteID)
	if err != nil {
		return nil, err
	}
	rev, err := s.store.AnalysisRevisionOf(ctx, sq.EvaluationID)
	if err != nil {
		return nil, err
	}
	return s.readBench(ctx, sq, rev, day)
}

// readBench reads and judges sq's Bench at rev and keeps it. The revision
// is read before the Bench, so a change committed in between leaves a
// kept read older than its revision says only until the next change,
// never a newer revision on an older read.
func (s *Service) readBench(ctx context.Context, sq store.StoredQuote, rev store.AnalysisRevision, day time.Time) (*BenchRead, error) {
	b, err := s.store.Brief(ctx, sq.EvaluationID)
	if err != nil {
		return nil, err
	}
	d, err := s.Bench(ctx, sq, b.Data)
	if err != nil {
		return nil, err
	}
	out := &BenchRead{Quote: sq, Bench: d, Revision: rev, Day: day}
	s.benches.put(out)
	return out, nil
}

// keepBench reads and keeps quote quoteID's Bench after a change to its
// uploads, so that the page the uploader is sent to next reads it kept.
// A failure only costs that page the read.
func (s *Service) keepBench(ctx context.Context, quoteID int64) {
	sq, err := s.store.Quote(ctx, quoteID)
	if err != nil {
		return
	}
	rev, err := s.store.AnalysisRevisionOf(ctx, sq.EvaluationID)
	if err != nil {
		return
	}
	_, _ = s.readBench(ctx, sq, rev, calendarDay(s.store.Now()))
}
