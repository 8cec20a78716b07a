package evaluation

import (
	"context"
	"fmt"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/gpuquote/gpuquote/internal/store"
)

// keptAnalyses is how many evaluations' analyses are kept: enough for
// every evaluation people are looking at now; an evaluation of 300 quotes
// weighs a few megabytes.
const keptAnalyses = 64

// analysisKeeper keeps the newest analysis of the evaluations read lately,
// each with the revision of its inputs and the day it was computed for,
// and computes an analysis once however many requests ask for it at once.
//
// An analysis is a pure function of its inputs and the date; the
// revision (migration 000017) moves with every committed change to those
// inputs, so a kept analysis whose revision and day still hold is the one
// a fresh computation would give. A kept Analysis is shared by every
// request that reads it: nothing may change it after compute.
type analysisKeeper struct {
	mu     sync.Mutex
	kept   map[int64]*Analysis // by evaluation; each knows its Revision and Day
	flight singleflight.Group
}

func (k *analysisKeeper) get(id int64, rev store.AnalysisRevision, day time.Time) *Analysis {
	k.mu.Lock()
	defer k.mu.Unlock()
	a, ok := k.kept[id]
	if !ok || a.Revision != rev || !a.Day.Equal(day) {
		return nil
	}
	return a
}

func (k *analysisKeeper) put(a *Analysis) {
	k.mu.Lock()
	defer k.mu.Unlock()
	id := a.Evaluation.ID
	if k.kept == nil {
		k.kept = map[int64]*Analysis{}
	}
	if _, ok := k.kept[id]; !ok && len(k.kept) >= keptAnalyses {
		for other := range k.kept { // any one: a miss only costs a computation
			delete(k.kept, other)
			break
		}
	}
	k.kept[id] = a
}

// analyze returns the kept analysis when its inputs have not moved, else
// computes it once for every request waiting on the same inputs.
func (k *analysisKeeper) analyze(ctx context.Context, s *Service, id int64) (*Analysis, error) {
	rev, err := s.store.AnalysisRevisionOf(ctx, id)
	if err != nil {
		return nil, err
	}
	day := calendarDay(s.store.Now())
	if a := k.get(id, rev, day); a != nil {
		return a, nil
	}
	key := fmt.Sprintf("%d/%d/%d/%s", id, rev.Evaluation, rev.Shared, day.Format(time.DateOnly))
	v, err, _ := k.flight.Do(key, func() (any, error) {
		// The computation serves every waiting request, so one client
		// going away must not cancel it for the others.
		a, err := s.computeAnalysis(context.WithoutCancel(ctx), id, day)
		if err != nil {
			return nil, err
		}
		k.put(a)
		return a, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*Analysis), nil
}

// calendarDay is t's date at midnight UTC: the analysis reads only the
// date (quote validity), so every moment of a day gives the same one.
func calendarDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
