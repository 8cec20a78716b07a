package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/testplan"
)

// MaxBenchmarkBytes is the largest log the database accepts (the table's
// CHECK says the same).
const MaxBenchmarkBytes = 50 << 20

// KindEvidence marks a file attached to a manual acceptance record; it is
// kept but never parsed.
const KindEvidence = testplan.KindEvidence

// BenchmarkMeta is what the uploader says about a run (testplan.BenchmarkMeta).
type BenchmarkMeta = testplan.BenchmarkMeta

// NewBenchmark is a log to store. Exactly one of Result and ParseError is
// set, except for evidence files, which have neither.
type NewBenchmark struct {
	Kind           string // a benchlog.Kind, "unknown" or KindEvidence
	FileName       string // the user's name for the file: shown, never used as a path
	Content        []byte
	Result         *benchlog.Result
	ParseError     string
	ParseErrorLine int
	Meta           BenchmarkMeta
}

// Benchmark is a stored log without its content (testplan.Benchmark).
type Benchmark = testplan.Benchmark

// DuplicateError means the same bytes were already uploaded to the quote;
// it matches ErrExists.
type DuplicateError struct{ Existing Benchmark }

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("store: file already uploaded as benchmark %d", e.Existing.ID)
}

// Is makes errors.Is(err, ErrExists) true.
func (e *DuplicateError) Is(target error) bool { return target == ErrExists }

// AutoResult is an acceptance test outcome decided by the benchmark
// verdicts. EvidenceID 0 names the upload being stored.
type AutoResult struct {
	Test       string
	Status     string // "passed", "failed" or "pending"
	Note       string
	EvidenceID int64
}

// SHA256Hex is the content hash the store deduplicates on.
func SHA256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

const benchmarkSelect = `SELECT b.id, b.quote_id, q.evaluation_id, b.kind, b.original_name, b.storage_key::text, b.sha256,
	b.size_bytes, b.result, COALESCE(b.parse_error, ''), b.parse_error_line, b.run_date, b.region, b.gpu_model,
	b.image_version, b.framework_version, b.node_ids, b.uploaded_by, u.name, b.uploaded_at,
	b.withdrawn_at, COALESCE(w.name, ''), b.withdraw_reason, b.run
	FROM benchmark_uploads b JOIN quotes q ON q.id = b.quote_id JOIN users u ON u.id = b.uploaded_by
	LEFT JOIN users w ON w.id = b.withdrawn_by`

// scanBenchmark reads a row of benchmarkSelect, its result decoded once
// per stored JSON (resultCache).
func (s *Store) scanBenchmark(row pgx.CollectableRow) (Benchmark, error) {
	var b Benchmark
	var result []byte
	err := row.Scan(&b.ID, &b.QuoteID, &b.EvaluationID, &b.Kind, &b.FileName, &b.StorageKey, &b.SHA256,
		&b.Size, &result, &b.ParseError, &b.ParseErrorLine, &b.Meta.RunDate, &b.Meta.Region, &b.Meta.GPUModel,
		&b.Meta.ImageVersion, &b.Meta.FrameworkVersion, &b.Meta.NodeIDs, &b.UploadedByID, &b.UploadedBy, &b.UploadedAt,
		&b.WithdrawnAt, &b.WithdrawnBy, &b.WithdrawReason, &b.Meta.Run)
	if err != nil {
		return b, err
	}
	if result != nil {
		if b.Result, err = s.results.decode(result); err != nil {
			return b, fmt.Errorf("benchmark %d result: %w", b.ID, err)
		}
	}
	return b, nil
}

// lockQuote takes the quote's row lock, serialising uploads and acceptance
// records per quote, and returns its evaluation.
func lockQuote(ctx context.Context, tx pgx.Tx, quoteID int64) (int64, error) {
	var evaluationID int64
	err := tx.QueryRow(ctx, `SELECT evaluation_id FROM quotes WHERE id = $1 FOR UPDATE`, quoteID).Scan(&evaluationID)
	if err != nil {
		return 0, notFound(fmt.Sprintf("quote %d", quoteID), err)
	}
	return evaluationID, nil
}

// insertBenchmark stores nb and its audit row; an identical file already
// on the quote is a *DuplicateError.
func insertBenchmark(ctx context.Context, tx pgx.Tx, by audit.Actor, quoteID, evaluationID int64, nb NewBenchmark) (int64, error) {
	sum := SHA256Hex(nb.Content)
	rows, _ := tx.Query(ctx, benchmarkSelect+` WHERE b.quote_id = $1 AND b.sha256 = $2`, quoteID, sum)
	existing, err := pgx.CollectRows(rows, (&Store{}).scanBenchmark) // a duplicate is rare: no cache
	if err != nil {
		return 0, err
	}
	if len(existing) > 0 {
		return 0, &DuplicateError{Existing: existing[0]}
	}
	var result []byte
	if nb.Result != nil {
		if result, err = json.Marshal(nb.Result); err != nil {
			return 0, err
		}
	}
	var parseErr *string
	if nb.Result == nil && nb.Kind != KindEvidence {
		parseErr = &nb.ParseError
	}
	nodes := nb.Meta.NodeIDs
	if nodes == nil {
		nodes = []string{}
	}
	if err := stageContent(ctx, tx, nb.Content); err != nil {
		return 0, err
	}
	var id int64
	err = tx.QueryRow(ctx, `INSERT INTO benchmark_uploads (quote_id, kind, original_name, sha256, size_bytes, content,
		result, parse_error, parse_error_line, run_date, region, gpu_model, image_version, framework_version, node_ids, uploaded_by, run)
		SELECT $1, $2, $3, $4, $5, s.content, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16 FROM upload_content s RETURNING id`,
		quoteID, nb.Kind, nb.FileName, sum, len(nb.Content), result, parseErr, nb.ParseErrorLine,
		nb.Meta.RunDate, nb.Meta.Region, nb.Meta.GPUModel, nb.Meta.ImageVersion, nb.Meta.FrameworkVersion, nodes, by.ID, nb.Meta.Run).Scan(&id)
	if isUniqueViolation(err) {
		return 0, fmt.Errorf("insert: %w", ErrExists)
	}
	if err != nil {
		return 0, err
	}
	after := map[string]any{"quote_id": quoteID, "file": nb.FileName, "kind": nb.Kind, "sha256": sum, "size": len(nb.Content)}
	if nb.Meta.Run != nil {
		after["run"] = nb.Meta.Run
	}
	if parseErr != nil {
		after["parse_error"], after["parse_error_line"] = nb.ParseError, nb.ParseErrorLine
	}
	return id, insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "benchmark.upload",
		ObjectType: "benchmark", ObjectID: fmt.Sprint(id), EvaluationID: evaluationID, After: after})
}

// CreateBenchmark stores a log byte for byte with its metadata, parsed
// result and audit row, in one transaction with the quote locked (the
// caller's Tx re-judges the acceptance outcomes in the same one). An
// identical file already on the quote is a *DuplicateError and stores
// nothing.
func (s *Store) CreateBenchmark(ctx context.Context, by audit.Actor, quoteID int64, nb NewBenchmark) (Benchmark, error) {
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		evaluationID, err := lockQuote(ctx, tx, quoteID)
		if err != nil {
			return err
		}
		id, err = insertBenchmark(ctx, tx, by, quoteID, evaluationID, nb)
		return err
	})
	var dup *DuplicateError
	if errors.As(err, &dup) {
		return Benchmark{}, dup
	}
	if err != nil {
		return Benchmark{}, fmt.Errorf("store: create benchmark for quote %d: %w", quoteID, err)
	}
	return s.Benchmark(ctx, id)
}

// Benchmark returns one stored log without its content.
func (s *Store) Benchmark(ctx context.Context, id int64) (Benchmark, error) {
	rows, _ := s.pool.Query(ctx, benchmarkSelect+` WHERE b.id = $1`, id)
	b, err := pgx.CollectExactlyOneRow(rows, s.scanBenchmark)
	if err != nil {
		return Benchmark{}, notFound(fmt.Sprintf("store: benchmark %d", id), err)
	}
	return b, nil
}

// ListBenchmarks returns a quote's logs in upload order, without content.
func (s *Store) ListBenchmarks(ctx context.Context, quoteID int64) ([]Benchmark, error) {
	rows, _ := s.pool.Query(ctx, benchmarkSelect+` WHERE b.quote_id = $1 ORDER BY b.id`, quoteID)
	bs, err := pgx.CollectRows(rows, s.scanBenchmark)
	if err != nil {
		return nil, fmt.Errorf("store: benchmarks of quote %d: %w", quoteID, err)
	}
	return bs, nil
}

// BenchmarkContent returns a stored log and its exact bytes.
func (s *Store) BenchmarkContent(ctx context.Context, id int64) (Benchmark, []byte, error) {
	b, err := s.Benchmark(ctx, id)
	if err != nil {
		return b, nil, err
	}
	var content []byte
	if err := s.pool.QueryRow(ctx, `SELECT content FROM benchmark_uploads WHERE id = $1`, id).Scan(&content); err != nil {
		return b, nil, notFound(fmt.Sprintf("store: benchmark %d content", id), err)
	}
	return b, content, nil
}

// copyHeader and copyTrailer frame one row of one bytea column in
// PostgreSQL's binary COPY format.
var (
	copyHeader  = []byte("PGCOPY\n\xff\r\n\x00\x00\x00\x00\x00\x00\x00\x00\x00")
	copyTrailer = []byte{0xff, 0xff}
)

// stageContent streams a log into a transaction-local table with COPY, so
// that a 45 MB upload is not copied twice more into a query's parameters
// and wire buffer (which cost some 150 MB of memory per upload); the
// INSERT then takes it from there inside the server.
func stageContent(ctx context.Context, tx pgx.Tx, content []byte) error {
	if _, err := tx.Exec(ctx, `CREATE TEMP TABLE IF NOT EXISTS upload_content (content bytea NOT NULL) ON COMMIT DELETE ROWS`); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `TRUNCATE upload_content`); err != nil {
		return err
	}
	var tuple [6]byte
	binary.BigEndian.PutUint16(tuple[0:2], 1) // one field
	binary.BigEndian.PutUint32(tuple[2:6], uint32(len(content)))
	r := io.MultiReader(bytes.NewReader(copyHeader), bytes.NewReader(tuple[:]), bytes.NewReader(content), bytes.NewReader(copyTrailer))
	tag, err := tx.Conn().PgConn().CopyFrom(ctx, r, `COPY upload_content (content) FROM STDIN (FORMAT binary)`)
	if err != nil {
		return fmt.Errorf("stage content: %w", err)
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("stage content: %d rows", tag.RowsAffected())
	}
	return nil
}

// QuotesWithBenchmarks lists the evaluation's quotes that have an upload,
// in id order.
func (s *Store) QuotesWithBenchmarks(ctx context.Context, evaluationID int64) ([]int64, error) {
	rows, _ := s.pool.Query(ctx, `SELECT q.id FROM quotes q WHERE q.evaluation_id = $1
		AND EXISTS (SELECT 1 FROM benchmark_uploads b WHERE b.quote_id = q.id) ORDER BY q.id`, evaluationID)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: quotes with benchmarks of %d: %w", evaluationID, err)
	}
	return ids, nil
}
