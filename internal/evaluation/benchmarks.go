package evaluation

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"path"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/testplan"
	"github.com/gpuquote/gpuquote/internal/verdict"
)

// The benchmark use cases: an upload checked, parsed and stored; a
// quote's uploads read with their verdict; an upload withdrawn or read as
// another kind. Refusals are message keys, so the page and the API word
// them alike.

// MaxBenchmarkBytes is the largest log accepted; the database says the same.
const MaxBenchmarkBytes = store.MaxBenchmarkBytes

// MaxRunField bounds the "run" field of an upload: a run record of up to
// 1024 hosts.
const MaxRunField = 64 << 10

// Upload is a benchmark form as received: at most one file and its text
// fields. Content is nil when no file was sent.
type Upload struct {
	FileName string
	Content  []byte
	Fields   map[string]string
}

// Reasons a file is not taken as text.
var (
	errNotText   = errors.New("not a text file")
	errEmptyFile = errors.New("empty file")
)

// UploadRefusal is why an upload stored nothing: a message key (one of the
// bench.error.* keys or form.has_errors), the field errors (message keys
// by field) and, for a duplicate, the upload the quote already has.
type UploadRefusal struct {
	Key       string
	Fields    map[string]string
	Duplicate *store.Benchmark
}

// Added is a stored upload: Reclassified when the same bytes sent again
// with another explicit kind re-read the stored upload instead; Parsed
// when the log was read.
type Added struct {
	Benchmark    store.Benchmark
	Reclassified bool
	Parsed       bool
}

// AddBenchmark checks and parses an upload and stores it with the
// outcomes it changes. A refusal stores nothing; a log that does not parse
// is kept with its error. The same bytes uploaded again with an explicit
// kind other than the stored one re-classify the stored upload (a
// misdetected file) instead of being refused as a duplicate.
func (s *Service) AddBenchmark(ctx context.Context, by audit.Actor, quoteID int64, up Upload) (Added, *UploadRefusal, error) {
	nb, refusal := prepareBenchmark(up)
	if refusal != nil {
		return Added{}, refusal, nil
	}
	added := Added{Parsed: nb.Result != nil}
	saved, err := s.UploadBenchmark(ctx, by, quoteID, nb)
	var dup *store.DuplicateError
	if !errors.As(err, &dup) {
		added.Benchmark = saved
		if err == nil {
			// The uploader's next request is the quote's benchmarks
			// page: it reads the figures and verdicts judged here.
			s.keepBench(ctx, quoteID)
		}
		return added, nil, err
	}
	if kind, _ := parseKind(up.Fields["kind"]); kind != "" && string(kind) != dup.Existing.Kind && dup.Existing.Kind != store.KindEvidence {
		rp := store.Reparse{Kind: nb.Kind, Result: nb.Result, ParseError: nb.ParseError, ParseErrorLine: nb.ParseErrorLine}
		added.Benchmark, err = s.ReclassifyBenchmark(ctx, by, dup.Existing.ID, rp)
		added.Reclassified = true
		return added, nil, err
	}
	existing := dup.Existing
	return Added{}, &UploadRefusal{Key: "bench.error.duplicate", Duplicate: &existing}, nil
}

// prepareBenchmark checks an upload and parses it.
func prepareBenchmark(up Upload) (store.NewBenchmark, *UploadRefusal) {
	if up.Content == nil {
		return store.NewBenchmark{}, &UploadRefusal{Key: "bench.error.no_file"}
	}
	kind, ok := parseKind(up.Fields["kind"])
	meta, fields := parseMeta(up.Fields)
	if !ok {
		fields["kind"] = "bench.error.kind"
	}
	if len(fields) > 0 {
		return store.NewBenchmark{}, &UploadRefusal{Key: "form.has_errors", Fields: fields}
	}
	switch err := checkTextFile(up.Content); {
	case errors.Is(err, errEmptyFile):
		return store.NewBenchmark{}, &UploadRefusal{Key: "bench.error.empty"}
	case err != nil:
		return store.NewBenchmark{}, &UploadRefusal{Key: "bench.error.binary"}
	}
	nb := parseLog(kind, up.Content)
	nb.FileName, nb.Meta = CleanFileName(up.FileName), meta
	return nb, nil
}

// Bench is a quote's stored logs, acceptance history and the verdict on
// them (testplan.Bench): what the page, the chart and the API all read.
type Bench = testplan.Bench

// Bench reads a quote's uploads and acceptance history in one snapshot
// and judges them against the brief.
func (s *Service) Bench(ctx context.Context, sq store.StoredQuote, b brief.Brief) (Bench, error) {
	var d Bench
	err := s.store.ReadOnly(ctx, func(tx *store.Store) error {
		var err error
		if d.Uploads, err = tx.ListBenchmarks(ctx, sq.ID); err != nil {
			return err
		}
		d.History, err = tx.AcceptanceHistory(ctx, sq.ID)
		return err
	})
	if err != nil {
		return Bench{}, err
	}
	d.Report = verdict.Evaluate(VerdictInput(sq.Quote, b, d.Uploads))
	return d, nil
}

// QuoteBenchmark reads upload id of the quote; one of another quote is
// store.ErrNotFound.
func (s *Service) QuoteBenchmark(ctx context.Context, quoteID, id int64) (store.Benchmark, error) {
	b, err := s.store.Benchmark(ctx, id)
	if err == nil && b.QuoteID != quoteID {
		err = store.ErrNotFound
	}
	return b, err
}

// Withdraw takes upload b back for reason. A refusal is a message key and
// changes nothing.
func (s *Service) Withdraw(ctx context.Context, by audit.Actor, b store.Benchmark, reason string) (store.Benchmark, string, error) {
	reason, key := withdrawInput(reason)
	if key != "" {
		return b, key, nil
	}
	saved, err := s.WithdrawBenchmark(ctx, by, b.ID, reason)
	if errors.Is(err, store.ErrWithdrawn) {
		return b, "bench.error.withdrawn", nil
	}
	return saved, "", err
}

// Reclassify reads upload b again as kind (a benchlog kind, or "auto" to
// detect). Evidence files keep their kind; a refusal is a message key.
func (s *Service) Reclassify(ctx context.Context, by audit.Actor, b store.Benchmark, kind string) (store.Benchmark, string, error) {
	k, ok := parseKind(kind)
	if !ok || b.Kind == store.KindEvidence {
		return b, "bench.error.kind", nil
	}
	_, content, err := s.store.BenchmarkContent(ctx, b.ID)
	if err != nil {
		return b, "", err
	}
	nb := parseLog(k, content)
	rp := store.Reparse{Kind: nb.Kind, Result: nb.Result, ParseError: nb.ParseError, ParseErrorLine: nb.ParseErrorLine}
	saved, err := s.ReclassifyBenchmark(ctx, by, b.ID, rp)
	return saved, "", err
}

// withdrawInput checks a withdrawal's reason; the error is a message key.
func withdrawInput(reason string) (string, string) {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return "", "bench.error.withdraw_reason"
	case utf8.RuneCountInString(reason) > 4000:
		return "", "bench.error.too_long"
	}
	return reason, ""
}

// checkTextFile accepts what a text log can be: no NUL byte, mostly valid
// UTF-8 (a stray Latin-1 byte in a hostname is tolerated), and nothing
// http.DetectContentType recognises as another type (PDF, archives,
// images without NULs).
func checkTextFile(b []byte) error {
	if len(bytes.TrimSpace(b)) == 0 {
		return errEmptyFile
	}
	if bytes.IndexByte(b, 0) >= 0 {
		return errNotText
	}
	if !utf8.Valid(b) {
		bad := 0
		for rest := b; len(rest) > 0; {
			r, size := utf8.DecodeRune(rest)
			if r == utf8.RuneError && size == 1 {
				bad++
			}
			rest = rest[size:]
		}
		if bad*100 > len(b) {
			return errNotText
		}
	}
	if ct := http.DetectContentType(b); !strings.HasPrefix(ct, "text/") {
		return errNotText
	}
	return nil
}

// CleanFileName keeps the last element of the user's file name, without
// control characters or bidi controls (which could show "gol.exe" as
// "exe.log"), at most 255 bytes: it is shown and offered back on download,
// never used as a path.
func CleanFileName(name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	name = path.Base(strings.ToValidUTF8(name, "\uFFFD"))
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	for len(name) > 255 {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	if name == "" || name == "." || name == "/" || name == ".." {
		return "upload.log"
	}
	return name
}

// parseKind reads a stated format; "" and "auto" detect from content.
func parseKind(s string) (benchlog.Kind, bool) {
	s = strings.TrimSpace(s)
	if s == "" || s == "auto" {
		return benchlog.KindUnknown, true
	}
	for _, k := range benchlog.Kinds() {
		if string(k) == s {
			return k, true
		}
	}
	return "", false
}

// parseLog parses content as kind (detected when unknown) into what the
// store keeps: the result, or the parser's reason and line.
func parseLog(kind benchlog.Kind, content []byte) store.NewBenchmark {
	if kind == benchlog.KindUnknown {
		kind = benchlog.Detect(content)
	}
	nb := store.NewBenchmark{Kind: string(kind), Content: content}
	// Only the compact figures are stored; the log itself is kept for
	// download and re-parsing.
	res, err := benchlog.ParseCompact(kind, content)
	var pe *benchlog.ParseError
	switch {
	case err == nil:
		nb.Result, nb.Kind = res, string(res.Kind)
	case errors.As(err, &pe):
		nb.ParseError, nb.ParseErrorLine = pe.Reason, pe.Line
	default:
		nb.ParseError = err.Error()
	}
	if nb.Kind == "" {
		nb.Kind = "unknown"
	}
	return nb
}

// parseMeta reads the upload's metadata; errors are message keys by field.
func parseMeta(f map[string]string) (store.BenchmarkMeta, map[string]string) {
	errs := map[string]string{}
	var m store.BenchmarkMeta
	text := func(name string) string {
		v := strings.TrimSpace(f[name])
		if utf8.RuneCountInString(v) > 200 {
			errs[name] = "bench.error.too_long"
		}
		return v
	}
	m.Region, m.GPUModel = text("region"), text("gpu_model")
	m.ImageVersion, m.FrameworkVersion = text("image_version"), text("framework_version")
	if d := strings.TrimSpace(f["run_date"]); d != "" {
		t, err := time.Parse(time.DateOnly, d)
		if err != nil {
			errs["run_date"] = "bench.error.date"
		} else {
			m.RunDate = &t
		}
	}
	if raw := strings.TrimSpace(f["run"]); raw != "" {
		run, err := parseRun(raw)
		if err != nil {
			errs["run"] = "bench.error.run"
		}
		m.Run = run
	}
	for _, id := range strings.FieldsFunc(f["node_ids"], func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		if len(id) > 200 || len(m.NodeIDs) >= 1024 {
			errs["node_ids"] = "bench.error.too_long"
			break
		}
		m.NodeIDs = append(m.NodeIDs, id)
	}
	if m.Run != nil && len(m.NodeIDs) == 0 && len(m.Run.Hosts) <= 1024 {
		m.NodeIDs = m.Run.Hosts
	}
	if m.Run != nil && m.RunDate == nil {
		d := m.Run.Start.UTC().Truncate(24 * time.Hour)
		m.RunDate = &d
	}
	return m, errs
}

// parseRun reads the collector's run record: JSON with no unknown field,
// complete and within its limits.
func parseRun(raw string) (*testplan.Run, error) {
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.DisallowUnknownFields()
	var run testplan.Run
	if err := dec.Decode(&run); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("run: one JSON object")
	}
	if err := run.Check(); err != nil {
		return nil, err
	}
	return &run, nil
}
