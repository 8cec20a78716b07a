package evaluation_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// An evaluation is created, renamed and archived through the use cases
// the page and the API share; a stale version is a conflict, not an
// overwrite.
func TestEvaluationCreateRenameArchive(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	e, err := f.svc.CreateEvaluation(ctx, f.u, "Training 2027")
	if err != nil || e.ID == 0 || e.Name != "Training 2027" || e.CreatedBy != f.u.ID {
		t.Fatalf("%+v %v", e, err)
	}
	renamed, err := f.svc.RenameEvaluation(ctx, f.u, e.ID, e.Version, "Training 2028")
	if err != nil || renamed.Name != "Training 2028" || renamed.Version == e.Version {
		t.Fatalf("%+v %v", renamed, err)
	}
	if _, err := f.svc.RenameEvaluation(ctx, f.u, e.ID, e.Version, "Stale"); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a rename at an old version: %v", err)
	}
	if _, err := f.svc.ArchiveEvaluation(ctx, f.u, e.ID, e.Version, true); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("an archive at an old version: %v", err)
	}
	archived, err := f.svc.ArchiveEvaluation(ctx, f.u, e.ID, renamed.Version, true)
	if err != nil || !archived.Archived {
		t.Fatalf("%+v %v", archived, err)
	}
	got, err := f.svc.Evaluation(ctx, e.ID)
	if err != nil || got.Name != "Training 2028" || !got.Archived {
		t.Fatalf("%+v %v", got, err)
	}
	back, err := f.svc.ArchiveEvaluation(ctx, f.u, e.ID, got.Version, false)
	if err != nil || back.Archived {
		t.Fatalf("%+v %v", back, err)
	}
	if _, err := f.svc.Evaluation(ctx, e.ID+1000); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a missing evaluation: %v", err)
	}
}

// A quote entered by hand is read back with its evaluation and brief, and
// each revision is listed.
func TestQuoteCreatedAndReadInContext(t *testing.T) {
	t.Parallel()
	f := newBenchFixture(t, h100Quote)
	ctx := context.Background()
	qs, err := quote.ReadCSV(strings.NewReader(h100Quote))
	if err != nil {
		t.Fatal(err)
	}
	sq, err := f.svc.CreateQuote(ctx, f.u, f.q.EvaluationID, qs[0])
	if err != nil || sq.EvaluationID != f.q.EvaluationID || sq.AuthorID != f.u.ID {
		t.Fatalf("%+v %v", sq, err)
	}
	in, err := f.svc.QuoteInContext(ctx, sq.ID)
	if err != nil || in.Quote.ID != sq.ID || in.Evaluation.ID != sq.EvaluationID || in.Brief.EvaluationID != sq.EvaluationID {
		t.Fatalf("%+v %v", in, err)
	}
	if _, err := f.svc.QuoteInContext(ctx, sq.ID+1000); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a missing quote: %v", err)
	}
	q := sq.Quote
	q.GPUsPerNode = quote.Of(int64(4))
	if _, err := f.svc.ReviseQuote(ctx, f.u, sq.ID, sq.Version, q); err != nil {
		t.Fatal(err)
	}
	revs, err := f.svc.Revisions(ctx, sq.ID)
	if err != nil || len(revs) != 2 || revs[0].Revision >= revs[1].Revision {
		t.Fatalf("%+v %v", revs, err)
	}
	if n, _ := revs[1].Quote.GPUsPerNode.Get(); n != 4 {
		t.Errorf("the last revision holds the new terms: %+v", revs[1].Quote.GPUsPerNode)
	}
}
