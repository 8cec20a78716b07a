package evaluation_test

import (
	"context"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// keptFixture is an evaluation of the example quotes on a store whose
// clock the test moves.
type keptFixture struct {
	st    *store.Store
	svc   *evaluation.Service
	user  store.User
	evID  int64
	clock atomic.Int64 // unix seconds
}

func newKeptFixture(t *testing.T) *keptFixture {
	t.Helper()
	f := &keptFixture{}
	f.clock.Store(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC).Unix())
	f.st, _ = storetest.New(t, func() time.Time { return time.Unix(f.clock.Load(), 0) })
	f.svc = evaluation.New(f.st)
	ctx := context.Background()
	var err error
	f.user, err = f.st.CreateUser(ctx, audit.Actor{Email: "test"}, store.User{Email: "k@example.com", Name: "K", Role: "procurement", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	ev, err := f.st.CreateEvaluation(ctx, f.user.Actor(), "kept")
	if err != nil {
		t.Fatal(err)
	}
	f.evID = ev.ID
	csv, err := os.Open("../quote/testdata/quotes-example.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer csv.Close()
	qs, err := quote.ReadCSV(csv)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.st.ImportQuotes(ctx, f.user.Actor(), ev.ID, qs); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *keptFixture) analyze(t *testing.T) *evaluation.Analysis {
	t.Helper()
	a, err := f.svc.Analyze(context.Background(), f.evID)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// The analysis is computed once per state of its inputs and day: asked
// again it is the same value; a changed quote or the next day computes
// it anew, with the change in it.
func TestKeptAnalysisFollowsItsInputsAndTheDay(t *testing.T) {
	t.Parallel()
	f := newKeptFixture(t)
	ctx := context.Background()
	first := f.analyze(t)
	if len(first.WS.Results) == 0 {
		t.Fatal("the example evaluation priced no quote")
	}
	if again := f.analyze(t); again != first {
		t.Error("unchanged inputs computed the analysis again")
	}

	// Within the day, a later moment reads the same analysis.
	f.clock.Add(int64(6 * time.Hour / time.Second))
	if again := f.analyze(t); again != first {
		t.Error("a later moment of the same day computed the analysis again")
	}

	sq := first.Quotes[0]
	q := sq.Quote
	price, _ := q.PricePerGPUHour.Get()
	higher, err := quote.ParseDecimal(price.String() + "1") // 2.5 → 2.51
	if err != nil {
		t.Fatal(err)
	}
	q.PricePerGPUHour = quote.Of(higher)
	if _, err := f.st.UpdateQuote(ctx, f.user.Actor(), sq.ID, sq.Version, q); err != nil {
		t.Fatal(err)
	}
	changed := f.analyze(t)
	if changed == first {
		t.Fatal("a changed quote was answered with the analysis of its old terms")
	}
	if changed.WS.Results[0].TCO == first.WS.Results[0].TCO {
		t.Errorf("the new analysis kept the old TCO %v after a price rise", first.WS.Results[0].TCO)
	}

	f.clock.Add(int64(24 * time.Hour / time.Second))
	if next := f.analyze(t); next == changed {
		t.Error("the next day was answered with yesterday's analysis (quote validity is read against the date)")
	}
}

// Requests at once share one analysis safely (run with -race): readers
// only read it, and a change under them is seen by the next request.
func TestKeptAnalysisUnderConcurrentRequests(t *testing.T) {
	t.Parallel()
	f := newKeptFixture(t)
	want := f.analyze(t).WS.Results[0].TCO
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				a, err := f.svc.Analyze(context.Background(), f.evID)
				if err != nil {
					t.Error(err)
					return
				}
				if got := a.WS.Results[0].TCO; got != want {
					t.Errorf("TCO %v, want %v", got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}
