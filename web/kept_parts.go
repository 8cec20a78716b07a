package web

import (
	"bytes"
	"context"
	"io"
	"sync"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/store"
)

// keptPartsBytes bounds the HTML keptParts holds: a worksheet body of 12
// columns is about 40 KB, a few hundred of them fit.
const keptPartsBytes = 16 << 20

// keptParts keeps the rendered HTML of page parts that are a function of
// one analysis and of the request's view (language, role, query): the
// worksheet's body took two thirds of its request. A part is kept under
// what names its analysis (evaluation, revision of the inputs, day), so it
// stays right for as long as that analysis is the one served, and keeps no
// analysis alive; parts of an evaluation's older analyses are dropped when
// a newer one's part is kept.
type keptParts struct {
	mu    sync.Mutex
	parts map[partKey][]byte
	bytes int
}

type partKey struct {
	evaluation int64
	revision   store.AnalysisRevision
	day        int64  // Unix seconds of the analysis's day
	view       string // the part's name and everything else it depends on
}

func (k partKey) sameAnalysis(o partKey) bool {
	return k.evaluation == o.evaluation && k.revision == o.revision && k.day == o.day
}

// render returns the part for (a, view), rendering build's component with
// ctx (whose language the key must name) when it is not kept.
func (k *keptParts) render(ctx context.Context, a *evaluation.Analysis, view string, build func() templ.Component) (templ.Component, error) {
	key := partKey{evaluation: a.Evaluation.ID, revision: a.Revision, day: a.Day.Unix(), view: view}
	k.mu.Lock()
	html, ok := k.parts[key]
	k.mu.Unlock()
	if ok {
		return keptHTML(html), nil
	}
	var buf bytes.Buffer
	if err := build().Render(ctx, &buf); err != nil {
		return nil, err
	}
	html = buf.Bytes()
	k.keep(key, html)
	return keptHTML(html), nil
}

func (k *keptParts) keep(key partKey, html []byte) {
	if len(html) > keptPartsBytes/8 {
		return // one huge part must not push out every other
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.parts == nil {
		k.parts = map[partKey][]byte{}
	}
	for old, h := range k.parts {
		if old.evaluation == key.evaluation && !old.sameAnalysis(key) {
			delete(k.parts, old)
			k.bytes -= len(h)
		}
	}
	for old, h := range k.parts {
		if k.bytes+len(html) <= keptPartsBytes {
			break
		}
		delete(k.parts, old) // any one: a miss only costs a render
		k.bytes -= len(h)
	}
	if _, ok := k.parts[key]; !ok {
		k.parts[key] = html
		k.bytes += len(html)
	}
}

// keptHTML is HTML rendered before, written as it is.
type keptHTML []byte

func (h keptHTML) Render(_ context.Context, w io.Writer) error {
	_, err := w.Write(h)
	return err
}
