package web

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"path"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/benchlog"
	"github.com/gpuquote/gpuquote/internal/store"
)

// maxBenchmark is the largest log accepted; the database says the same.
const maxBenchmark = store.MaxBenchmarkBytes

// maxUploadField bounds each metadata field of an upload form.
const maxUploadField = 8 << 10

// maxUploadParts bounds the parts of one upload: the file and a handful of
// fields (U1: with a streamed multipart body the app enforces the count).
const maxUploadParts = 24

// Reasons an upload is refused before it is stored.
var (
	errNotText   = errors.New("not a text file")
	errEmptyFile = errors.New("empty file")
)

// upload is a multipart form: at most one file and its text fields.
type upload struct {
	FileName string
	Content  []byte // nil when no file part was sent
	Fields   map[string]string
}

// readMultipart streams a multipart body, capped before anything is read,
// keeping the "file" part (up to limit bytes) and small text fields. Too
// big a file or body is errTooLarge; a malformed body errBadRequest. The
// upload route may take longer than the server's read timeout allows a
// normal request, so its deadlines are extended.
func readMultipart(w http.ResponseWriter, r *http.Request, limit int64) (upload, error) {
	up := upload{Fields: map[string]string{}}
	if r.ContentLength > limit+1<<20 {
		return up, errTooLarge // refused before a byte is read
	}
	// A body spooled to disk (limitUploads) has the size that arrived, not
	// one the client declared: the file part, no larger, gets a buffer of
	// that size at once instead of doubling up to it (a 45 MB log grew
	// through 64 MB with its 32 MB predecessor still live).
	var size int64
	if _, spooled := r.Body.(*os.File); spooled && r.ContentLength > 0 {
		size = min(r.ContentLength, limit+1)
	}
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(2 * time.Minute))
	_ = rc.SetWriteDeadline(time.Now().Add(2*time.Minute + 30*time.Second))
	r.Body = http.MaxBytesReader(w, r.Body, limit+1<<20)
	mr, err := r.MultipartReader()
	if err != nil {
		return up, errBadRequest
	}
	for parts := 0; ; parts++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return up, nil
		}
		if err != nil {
			return up, bodyError(err)
		}
		if parts >= maxUploadParts {
			return up, errBadRequest
		}
		if part.FormName() == "file" && part.FileName() != "" {
			if up.Content != nil {
				return up, errBadRequest
			}
			up.FileName = part.FileName()
			// The buffer grows with what arrives, not with what the client
			// declares, so slow or lying clients cannot pin memory.
			var buf bytes.Buffer
			if size > 0 {
				buf.Grow(int(size) + bytes.MinRead) // ReadFrom wants MinRead free to see the end
			}
			n, err := buf.ReadFrom(io.LimitReader(part, limit+1))
			if err != nil {
				return up, bodyError(err)
			}
			if n > limit {
				return up, errTooLarge
			}
			up.Content = buf.Bytes()
			continue
		}
		limit := int64(maxUploadField)
		if part.FormName() == "run" {
			limit = maxRunField
		}
		b, err := io.ReadAll(io.LimitReader(part, limit+1))
		if err != nil {
			return up, bodyError(err)
		}
		if int64(len(b)) > limit || !utf8.Valid(b) {
			return up, errBadRequest
		}
		up.Fields[part.FormName()] = string(b)
	}
}

func bodyError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return errTooLarge
	}
	return errBadRequest
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

// cleanFileName keeps the last element of the user's file name, without
// control characters or bidi controls (which could show "gol.exe" as
// "exe.log"), at most 255 bytes: it is shown and offered back on download,
// never used as a path.
func cleanFileName(name string) string {
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

// benchKinds are the formats a user may state; "" detects from content.
var benchKinds = benchlog.Kinds()

func parseKind(s string) (benchlog.Kind, bool) {
	s = strings.TrimSpace(s)
	if s == "" || s == "auto" {
		return benchlog.KindUnknown, true
	}
	for _, k := range benchKinds {
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
