package store_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/store/storetest"
)

// benchFixture is a store with an engineer and one quote.
func benchFixture(t *testing.T) (*store.Store, *pgxpool.Pool, store.User, store.StoredQuote) {
	t.Helper()
	st, pool := storetest.New(t, nil)
	ctx := context.Background()
	u := newUser(t, st, "eng@example.com", auth.Engineer)
	ev, err := st.CreateEvaluation(ctx, u.Actor(), "Bench")
	if err != nil {
		t.Fatal(err)
	}
	qs, err := quote.ReadCSV(strings.NewReader("provider,rental_model,currency\nAcme,reserved,USD\n"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := st.CreateQuote(ctx, u.Actor(), ev.ID, qs[0])
	if err != nil {
		t.Fatal(err)
	}
	return st, pool, u, q
}

func ncclLog(t *testing.T) ([]byte, *benchlog.Result) {
	t.Helper()
	b, err := os.ReadFile("../benchlog/testdata/nccl/h100-p5-2node-efa-srun-label-prefix.txt")
	if err != nil {
		t.Fatal(err)
	}
	r, err := benchlog.Parse(benchlog.KindUnknown, b)
	if err != nil {
		t.Fatal(err)
	}
	return b, r
}

func TestBenchmarkIsStoredByteForByteOnceWithItsAudit(t *testing.T) {
	t.Parallel()
	st, pool, u, q := benchFixture(t)
	ctx := context.Background()
	content, result := ncclLog(t)
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	nb := store.NewBenchmark{Kind: "nccl", FileName: "../../etc/passwd", Content: content, Result: result,
		Meta: store.BenchmarkMeta{RunDate: &day, Region: "us-east-1", NodeIDs: []string{"p5-a", "p5-b"}, ImageVersion: "nccl-tests:2.17"}}
	b, err := st.CreateBenchmark(ctx, u.Actor(), q.ID, nb)
	if err != nil {
		t.Fatal(err)
	}
	if b.FileName != "../../etc/passwd" || len(b.StorageKey) != 36 || b.SHA256 != store.SHA256Hex(content) || b.Size != int64(len(content)) {
		t.Errorf("stored %+v", b)
	}
	if b.Result == nil || b.Result.NCCL == nil || b.Result.NCCL.Runs[0].PeakBusBW != 487.26 {
		t.Errorf("result did not round-trip: %+v", b.Result)
	}
	if b.Meta.RunDate == nil || !b.Meta.RunDate.Equal(day) || strings.Join(b.Meta.NodeIDs, ",") != "p5-a,p5-b" || b.UploadedBy == "" {
		t.Errorf("meta %+v", b.Meta)
	}
	_, got, err := st.BenchmarkContent(ctx, b.ID)
	if err != nil || !bytes.Equal(got, content) {
		t.Fatalf("content differs: %v", err)
	}

	_, err = st.CreateBenchmark(ctx, u.Actor(), q.ID, nb)
	var dup *store.DuplicateError
	if !errors.As(err, &dup) || !errors.Is(err, store.ErrExists) || dup.Existing.ID != b.ID {
		t.Fatalf("re-upload: %v", err)
	}
	list, err := st.ListBenchmarks(ctx, q.ID)
	if err != nil || len(list) != 1 {
		t.Fatalf("list = %d, %v", len(list), err)
	}
	entries, err := st.ListAudit(ctx, store.AuditFilter{ObjectType: "benchmark"})
	if err != nil || len(entries) != 1 || entries[0].Action != "benchmark.upload" || entries[0].EvaluationID != q.EvaluationID {
		t.Fatalf("audit = %+v, %v", entries, err)
	}
	// The database refuses a second row with the same hash even without
	// the store's check.
	_, err = pool.Exec(ctx, `INSERT INTO benchmark_uploads (quote_id, kind, sha256, size_bytes, content, parse_error, uploaded_by)
		SELECT quote_id, kind, sha256, size_bytes, content, 'x', uploaded_by FROM benchmark_uploads`)
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23505" {
		t.Errorf("duplicate insert: %v", err)
	}
	if _, err := st.CreateBenchmark(ctx, u.Actor(), 999999, nb); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown quote: %v", err)
	}
}

func TestUnparsedBenchmarkKeepsItsError(t *testing.T) {
	t.Parallel()
	st, _, u, q := benchFixture(t)
	b, err := st.CreateBenchmark(context.Background(), u.Actor(), q.ID, store.NewBenchmark{Kind: "unknown", FileName: "notes.txt",
		Content: []byte("hello\n"), ParseError: "unrecognised format", ParseErrorLine: 1})
	if err != nil {
		t.Fatal(err)
	}
	if b.Result != nil || b.ParseError != "unrecognised format" || b.ParseErrorLine != 1 {
		t.Errorf("stored %+v", b)
	}
}

func mustHistory(t *testing.T, st *store.Store, quoteID int64) []store.AcceptanceResult {
	t.Helper()
	h, err := st.AcceptanceHistory(context.Background(), quoteID)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestWaiversNeedAReasonAndHistoryIsKept(t *testing.T) {
	t.Parallel()
	st, pool, u, q := benchFixture(t)
	ctx := context.Background()
	if _, err := st.RecordAcceptance(ctx, u.Actor(), q.ID, store.NewAcceptance{Test: "security_review", Status: "waived"}); !errors.Is(err, store.ErrWaiverReason) {
		t.Fatalf("waiver without reason: %v", err)
	}
	_, err := pool.Exec(ctx, `INSERT INTO acceptance_results (quote_id, test, status, waiver_reason, recorded_by) VALUES ($1, 'security_review', 'waived', '  ', $2)`, q.ID, u.ID)
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23514" {
		t.Errorf("the database accepted a blank waiver: %v", err)
	}
	steps := []store.NewAcceptance{
		{Test: "billing_export", Status: "failed", Note: "no job tags"},
		{Test: "billing_export", Status: "passed", Note: "tags fixed", Evidence: &store.NewBenchmark{Kind: store.KindEvidence, FileName: "export.csv", Content: []byte("team,job,gpu_hours\nml,ft-1,12\n")}},
		{Test: "security_review", Status: "waived", WaiverReason: "covered by the vendor's SOC 2 report"},
		{Test: "container_start", Status: "passed"},
	}
	for _, s := range steps {
		if _, err := st.RecordAcceptance(ctx, u.Actor(), q.ID, s); err != nil {
			t.Fatal(err)
		}
	}
	history := mustHistory(t, st, q.ID)
	cur := store.CurrentAcceptance(history)
	if len(history) != 4 || cur["billing_export"].Status != "passed" || cur["billing_export"].EvidenceName != "export.csv" {
		t.Errorf("history %d, current %+v", len(history), cur["billing_export"])
	}
	if c := store.Count(cur); c != (store.SuiteCounts{Passed: 2, Waived: 1}) || c.Total() != 12 {
		t.Errorf("counts = %+v", c)
	}
	sums, err := st.SuiteSummaries(ctx, q.EvaluationID)
	if err != nil || sums[q.ID] != (store.SuiteCounts{Passed: 2, Waived: 1}) {
		t.Errorf("summaries = %+v, %v", sums, err)
	}
	if _, err := st.RecordAcceptance(ctx, u.Actor(), q.ID, store.NewAcceptance{Test: "failure_drill", Status: "passed", EvidenceID: 999999}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("foreign evidence: %v", err)
	}
	entries, _ := st.ListAudit(ctx, store.AuditFilter{ObjectType: "acceptance"})
	var waive int
	for _, e := range entries {
		if e.Action == "acceptance.waive" {
			waive++
		}
	}
	if len(entries) != 4 || waive != 1 {
		t.Errorf("audit = %d entries, %d waivers", len(entries), waive)
	}
}

// A stored result is decoded once, when it is stored, and handed out
// again while its stored JSON is the same; a re-parse in place stores other JSON, which is read
// fresh.
func TestBenchmarkResultDecodedOncePerStoredJSON(t *testing.T) {
	t.Parallel()
	st, _, u, q := benchFixture(t)
	ctx := context.Background()
	content, result := ncclLog(t)
	b, err := st.CreateBenchmark(ctx, u.Actor(), q.ID, store.NewBenchmark{Kind: string(result.Kind), FileName: "nccl.txt", Content: content, Result: result})
	if err != nil {
		t.Fatal(err)
	}
	// The upload itself leaves the result decoded for the first view.
	first, err := st.ListBenchmarks(ctx, q.ID)
	if err != nil || len(first) != 1 || first[0].Result == nil || first[0].Result != b.Result {
		t.Fatalf("first view after the upload decoded again: %v %v", first, err)
	}
	again, err := st.Benchmark(ctx, b.ID)
	if err != nil || again.Result != first[0].Result {
		t.Fatalf("second read decoded again (%p, %p): %v", again.Result, first[0].Result, err)
	}
	other := *result
	nccl := *result.NCCL
	nccl.Runs = append(nccl.Runs[:len(nccl.Runs):len(nccl.Runs)], nccl.Runs[0])
	other.NCCL = &nccl
	if _, err := st.ReclassifyBenchmark(ctx, u.Actor(), b.ID, store.Reparse{Kind: string(other.Kind), Result: &other}); err != nil {
		t.Fatal(err)
	}
	after, err := st.ListBenchmarks(ctx, q.ID)
	if err != nil || len(after) != 1 || after[0].Result == first[0].Result || len(after[0].Result.NCCL.Runs) != len(nccl.Runs) {
		t.Fatalf("after a re-parse: %+v %v", after, err)
	}
}
