package web

import (
	"bytes"
	"context"
	"io"
	"sync"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/web/views"
)

// keptPartsBytes bounds the HTML keptParts holds: a worksheet body of 12
// columns is about 40 KB, a few hundred of them fit.
const keptPartsBytes = 16 << 20

// keptByAnalysis keeps values computed from one analysis and the
// request's view (language, role, query): the worksheet's rendered body
// took two thirds of its request, the decision page's texts a third of
// its. A value is kept under what names its analysis (evaluation, revision
// of the inputs, day), so it stays right for as long as that analysis is
// the one served, and keeps no analysis alive; values of an evaluation's
// older analyses are dropped when a newer one's is kept. A kept value is
// shared by every request that reads it: nothing may change it.
type keptByAnalysis[V any] struct {
	mu     sync.Mutex
	items  map[partKey]V
	used   int
	budget int
	size   func(V) int
}

type partKey struct {
	evaluation int64
	revision   evaluation.AnalysisRevision
	day        int64  // Unix seconds of the analysis's day
	view       string // the value's name and everything else it depends on
}

func (k partKey) sameAnalysis(o partKey) bool {
	return k.evaluation == o.evaluation && k.revision == o.revision && k.day == o.day
}

// get returns the value for (a, view), computing it with build when it is
// not kept.
func (k *keptByAnalysis[V]) get(a *evaluation.Analysis, view string, build func() (V, error)) (V, error) {
	return k.getKey(partKey{evaluation: a.Evaluation.ID, revision: a.Revision, day: a.Day.Unix(), view: view}, build)
}

// getKey returns the value kept under key, computing it with build when
// it is not kept; key names the revision of the evaluation's inputs and
// the day it is computed from.
func (k *keptByAnalysis[V]) getKey(key partKey, build func() (V, error)) (V, error) {
	k.mu.Lock()
	v, ok := k.items[key]
	k.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := build()
	if err != nil {
		return v, err
	}
	k.keep(key, v)
	return v, nil
}

// cost is what a kept value holds: its size and its key's view, which
// names the request's query (any reader's choice, up to 64 KiB).
func (k *keptByAnalysis[V]) cost(key partKey, v V) int { return k.size(v) + len(key.view) }

func (k *keptByAnalysis[V]) keep(key partKey, v V) {
	n := k.cost(key, v)
	if n > k.budget/8 {
		return // one huge value must not push out every other
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.items == nil {
		k.items = map[partKey]V{}
	}
	for old, ov := range k.items {
		if old.evaluation == key.evaluation && !old.sameAnalysis(key) {
			delete(k.items, old)
			k.used -= k.cost(old, ov)
		}
	}
	for old, ov := range k.items {
		if k.used+n <= k.budget {
			break
		}
		delete(k.items, old) // any one: a miss only costs a computation
		k.used -= k.cost(old, ov)
	}
	if _, ok := k.items[key]; !ok {
		k.items[key] = v
		k.used += n
	}
}

// keptParts keeps rendered HTML.
type keptParts struct{ keptByAnalysis[[]byte] }

func newKeptParts() *keptParts {
	return &keptParts{keptByAnalysis[[]byte]{budget: keptPartsBytes, size: func(b []byte) int { return len(b) }}}
}

// render returns the part for (a, view), rendering build's component with
// ctx (whose language view must name) when it is not kept.
func (k *keptParts) render(ctx context.Context, a *evaluation.Analysis, view string, build func() templ.Component) (templ.Component, error) {
	html, err := k.get(a, view, func() ([]byte, error) {
		var buf bytes.Buffer
		err := build().Render(ctx, &buf)
		return buf.Bytes(), err
	})
	if err != nil {
		return nil, err
	}
	return keptHTML(html), nil
}

// keptHTML is HTML rendered before, written as it is.
type keptHTML []byte

func (h keptHTML) Render(_ context.Context, w io.Writer) error {
	_, err := w.Write(h)
	return err
}

// keptBench is a benchmarks page's rendered body and the uploads it lists.
type keptBench struct {
	uploads []views.BenchUpload
	html    []byte
}

// keptBenchBodies keeps the benchmarks pages' bodies, by quote, revision
// of its evaluation's inputs, day, language and role.
type keptBenchBodies struct{ keptByAnalysis[keptBench] }

func newKeptBenchBodies() *keptBenchBodies {
	// The uploads are the body's own figures again, in smaller form.
	return &keptBenchBodies{keptByAnalysis[keptBench]{budget: keptPartsBytes, size: func(b keptBench) int { return 2 * len(b.html) }}}
}
