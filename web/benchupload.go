package web

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"time"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/evaluation"
)

// maxBenchmark is the largest log accepted; the database says the same.
const maxBenchmark = evaluation.MaxBenchmarkBytes

// maxUploadField bounds each metadata field of an upload form.
const maxUploadField = 8 << 10

// maxUploadParts bounds the parts of one upload: the file and a handful of
// fields (U1: with a streamed multipart body the app enforces the count).
const maxUploadParts = 24

// readMultipart streams a multipart body into an upload, capped before anything is read,
// keeping the "file" part (up to limit bytes) and small text fields. Too
// big a file or body is errTooLarge; a malformed body errBadRequest. The
// upload route may take longer than the server's read timeout allows a
// normal request, so its deadlines are extended.
func readMultipart(w http.ResponseWriter, r *http.Request, limit int64) (evaluation.Upload, error) {
	up := evaluation.Upload{Fields: map[string]string{}}
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
			limit = evaluation.MaxRunField
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
