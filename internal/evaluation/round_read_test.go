package evaluation_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// submitAt saves and submits a vendor's answer.
func submitAt(t *testing.T, svc *evaluation.Service, inv store.Invitation, price string) {
	t.Helper()
	ctx := context.Background()
	if err := svc.SaveVendorDraft(ctx, inv.ID, vendorQuote(inv.Company, price)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.SubmitVendorDraft(ctx, inv.ID); err != nil {
		t.Fatal(err)
	}
}

// A round read before its deadline is sealed and says only how many
// answered; read after it, it has opened itself and its answers are
// quotes whose source is the round.
func TestRoundOpensWhenReadAfterItsDeadline(t *testing.T) {
	t.Parallel()
	dl := time.Date(2026, 12, 8, 17, 0, 0, 0, time.UTC)
	c := &clock{t: dl.Add(-time.Hour)}
	st, _ := storetest.New(t, c.now)
	svc := evaluation.New(st)
	ctx := context.Background()
	_, r, invs := roundWith(t, st, dl)
	submitAt(t, svc, invs[0], "2.10")

	d, err := svc.RoundDetail(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d.RFQ.OpenedAt != nil || len(d.Invitations) != 2 || d.Evaluation.ID != r.EvaluationID || len(d.Shortlisted) != 0 {
		t.Fatalf("sealed detail: %+v", d)
	}
	if len(d.Rounds) != 1 || d.Rounds[0].Invited != 2 || d.Rounds[0].Submitted != 1 {
		t.Errorf("counts: %+v", d.Rounds)
	}
	if sealed, err := svc.SealedRounds(ctx, r.EvaluationID); err != nil || len(sealed) != 1 || sealed[0].Submitted != 1 {
		t.Errorf("sealed rounds: %+v %v", sealed, err)
	}

	c.set(dl.Add(time.Minute))
	rd, err := svc.Round(ctx, r.ID)
	if err != nil || rd.OpenedAt == nil {
		t.Fatalf("read after the deadline: %+v %v", rd, err)
	}
	if sealed, err := svc.SealedRounds(ctx, r.EvaluationID); err != nil || len(sealed) != 0 {
		t.Errorf("sealed rounds once open: %+v %v", sealed, err)
	}
	qs, err := st.ListQuotes(ctx, r.EvaluationID)
	if err != nil || len(qs) != 1 {
		t.Fatalf("quotes: %d %v", len(qs), err)
	}
	src, ok, err := svc.QuoteSource(ctx, r.EvaluationID, qs[0].ID)
	if err != nil || !ok || src.Company != "Alpha GPU" || src.Round != 1 || src.QuoteRevision != 1 {
		t.Errorf("source: %+v %v %v", src, ok, err)
	}
	if _, ok, err := svc.QuoteSource(ctx, r.EvaluationID, qs[0].ID+1000); ok || err != nil {
		t.Errorf("a quote of no round has a source: %v %v", ok, err)
	}
	if _, err := svc.Round(ctx, r.ID+1000); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown round: %v", err)
	}
}

// A sealed round whose brief changed since it was sent says so; once
// open, a shortlisted answer is a candidate for the next round.
func TestRoundDetailStaleBriefAndShortlisted(t *testing.T) {
	t.Parallel()
	f := roundFixture(t)
	ctx := context.Background()
	in := evaluation.RoundRequest{Deadline: deadline(f), Vendors: []rfq.Vendor{{Company: "Acme GPU", Email: "a@example.com"}}}
	rd, invs, err := f.svc.CreateRound(ctx, f.u.Actor(), f.q.EvaluationID, in, languages, evaluation.Links{Base: "https://q.example"})
	if err != nil {
		t.Fatal(err)
	}
	d, err := f.svc.RoundDetail(ctx, rd.ID)
	if err != nil || d.BriefStale {
		t.Fatalf("fresh round: stale %v, %v", d.BriefStale, err)
	}
	sb, err := f.st.Brief(ctx, f.q.EvaluationID)
	if err != nil {
		t.Fatal(err)
	}
	sb.Data["gpu_model"] = "H200"
	if _, err := f.svc.SaveBrief(ctx, f.u.Actor(), f.q.EvaluationID, sb.Version, sb.Data); err != nil {
		t.Fatal(err)
	}
	if d, err = f.svc.RoundDetail(ctx, rd.ID); err != nil || !d.BriefStale {
		t.Fatalf("brief changed since it was sent: stale %v, %v", d.BriefStale, err)
	}
	submitAt(t, f.svc, invs[0].Invitation, "2.10")
	m := roundUser(t, f.st, "m@example.com", auth.Manager)
	if _, err := f.svc.OpenEarly(ctx, m.Actor(), rd.ID, "board"); err != nil {
		t.Fatal(err)
	}
	if d, err = f.svc.RoundDetail(ctx, rd.ID); err != nil || len(d.Shortlisted) != 0 || d.BriefStale {
		t.Fatalf("open, nothing shortlisted: %+v %v", d.Shortlisted, err)
	}
	qid := d.Invitations[0].QuoteID
	if _, err := f.svc.SetShortlist(ctx, f.u.Actor(), qid, true); err != nil {
		t.Fatal(err)
	}
	if d, err = f.svc.RoundDetail(ctx, rd.ID); err != nil || len(d.Shortlisted) != 1 || d.Shortlisted[0].QuoteID != qid {
		t.Errorf("shortlisted: %+v %v", d.Shortlisted, err)
	}
}

// A vendor's attachment keeps a clean name (no path, no control or
// bidirectional characters), is refused by its bytes, and stays sealed
// from the buyer until its round opens, which reading it after the
// deadline does.
func TestDocumentsAreCleanedCheckedAndSealed(t *testing.T) {
	t.Parallel()
	dl := time.Date(2026, 12, 8, 17, 0, 0, 0, time.UTC)
	c := &clock{t: dl.Add(-time.Hour)}
	st, _ := storetest.New(t, c.now)
	svc := evaluation.New(st)
	ctx := context.Background()
	_, _, invs := roundWith(t, st, dl)
	dir := t.TempDir()

	id, err := svc.AddDocument(ctx, invs[0].ID, "C:\\offer\\price\u202Efdp.\u0085txt", strings.NewReader("price,2.10\n"), dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"empty.txt": "", "fake.pdf": "not a pdf", "run.exe": "MZ"} {
		_, err := svc.AddDocument(ctx, invs[0].ID, name, strings.NewReader(body), dir)
		var fe evaluation.FieldErrors
		if !errors.As(err, &fe) || fe["file"] == "" {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := svc.AddDocument(ctx, invs[0].ID, "a.txt", brokenReader{}, dir); !errors.Is(err, evaluation.ErrUploadBroken) {
		t.Errorf("a body that broke off: %v", err)
	}
	if _, err := svc.Document(ctx, id); !errors.Is(err, store.ErrSealed) {
		t.Fatalf("before the opening: %v", err)
	}
	submitAt(t, svc, invs[0], "2.10")
	c.set(dl.Add(time.Minute))
	d, err := svc.Document(ctx, id)
	if err != nil {
		t.Fatalf("after the deadline: %v", err)
	}
	if d.Name != "pricefdp.txt" {
		t.Errorf("name %q, want %q", d.Name, "pricefdp.txt")
	}
	var buf bytes.Buffer
	if err := svc.CopyDocument(ctx, id, &buf); err != nil || buf.String() != "price,2.10\n" {
		t.Errorf("content %q %v", buf.String(), err)
	}
}

type brokenReader struct{}

func (brokenReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }
