package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"
)

// requestTimeout is every request's deadline but an upload's, unless
// Config.RequestTimeout says otherwise.
const requestTimeout = 60 * time.Second

// maxUploadBody is the largest upload body: the biggest log and its
// multipart framing and fields.
const maxUploadBody = maxBenchmark + 1<<20

// Reasons an upload's body was not received.
var (
	errTooSlow  = errors.New("upload body below the minimum rate")
	errBodyRead = errors.New("upload body interrupted")
)

// uploadPolicy is how slowly an upload's body may arrive: every window
// of its length (from the first byte on) must bring at least minRate
// bytes a second, so a sender that stalls after a burst is cut as surely
// as one that trickles. A 50 MB log over a 1 MB/s link takes 50 s and
// passes; a body trickling a byte a second is cut after one window.
type uploadPolicy struct {
	minRate int64
	window  time.Duration
}

// uploadRoute matches the routes that receive files: benchmark logs, and
// acceptance records with an evidence file attached.
var uploadRoute = regexp.MustCompile(`^(/api/v1)?/quotes/[^/]+/(benchmarks|acceptance)/?$`)

// isUpload is a multipart POST to an upload route. An acceptance record
// sent as JSON or a plain form is not an upload: it is small, takes no
// upload slot and keeps the normal deadline.
func isUpload(r *http.Request) bool {
	return r.Method == http.MethodPost && uploadRoute.MatchString(r.URL.Path) &&
		strings.HasPrefix(strings.ToLower(r.Header.Get("Content-Type")), "multipart/form-data")
}

// requestDeadline gives every request but uploads requestTimeout: a stuck
// query or an exhausted pool cannot hold a request forever. Uploads get
// their deadlines from limitUploads instead, because a large log on a slow
// link takes longer than that to arrive (and the server's own read and
// write timeouts are extended there too).
func (s *Server) requestDeadline(next http.Handler) http.Handler {
	timeout := middleware.Timeout(s.timeout)(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isUpload(r) {
			next.ServeHTTP(w, r)
			return
		}
		timeout.ServeHTTP(w, r)
	})
}

// limitUploads receives an upload's body to a temporary file at no less
// than the minimum rate, holding only a receiving slot; then it waits for
// one of the few processing slots and runs the handler on the file, with
// the request timeout as the deadline for parsing, judging and storing.
// So uploads trickling in cannot keep others from being processed, and a
// slow link is not cut by the global timeouts.
func (s *Server) limitUploads(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isUpload(r) || r.ContentLength > maxUploadBody {
			next.ServeHTTP(w, r) // not a file, or too big: the handler refuses it before reading
			return
		}
		user, ip := currentUser(r).ID, clientIP(r)
		switch s.receiving.acquire(r.Context(), user, ip, s.timeout) {
		case slotOwnLimit:
			w.Header().Set("Retry-After", "10")
			refuseBody(w)
			s.renderError(w, r, http.StatusTooManyRequests, "error.upload_own_limit")
			return
		case slotBusy:
			refuseBody(w)
			s.renderError(w, r, http.StatusServiceUnavailable, "error.unavailable")
			return
		}
		rc := http.NewResponseController(w)
		f, n, err := s.upload.receive(r, rc, s.spool)
		s.receiving.release(user, ip)
		if f != nil {
			defer func() { f.Close(); os.Remove(f.Name()) }()
		}
		switch {
		case errors.Is(err, errTooLarge):
			s.renderError(w, r, http.StatusRequestEntityTooLarge, "bench.error.too_large")
			return
		case errors.Is(err, errTooSlow), errors.Is(err, errBodyRead):
			s.log.Info("upload not received", "err", err, "request_id", middleware.GetReqID(r.Context()))
			s.renderError(w, r, http.StatusRequestTimeout, "error.upload_slow")
			return
		case err != nil:
			s.log.Error("upload spool", "err", err, "request_id", middleware.GetReqID(r.Context()))
			s.renderError(w, r, http.StatusInternalServerError, "error.internal")
			return
		}
		if !s.acquire(r.Context(), s.uploads, s.timeout) {
			s.renderError(w, r, http.StatusServiceUnavailable, "error.unavailable")
			return
		}
		defer func() { <-s.uploads }()
		_ = rc.SetReadDeadline(time.Time{})
		_ = rc.SetWriteDeadline(time.Now().Add(s.timeout + 15*time.Second))
		ctx, cancel := context.WithTimeout(r.Context(), s.timeout)
		defer cancel()
		r = r.WithContext(ctx)
		r.Body, r.ContentLength = f, n
		next.ServeHTTP(w, r)
	})
}

// refuseBody closes the connection after the answer to an upload whose
// body is not read: otherwise net/http reads up to 256 KB of it before it
// sends the answer, which from a slow sender takes as long as a slot.
func refuseBody(w http.ResponseWriter) { w.Header().Set("Connection", "close") }

// acquire takes a slot of sem, waiting at most wait or until ctx is done.
func (s *Server) acquire(ctx context.Context, sem chan struct{}, wait time.Duration) bool {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case sem <- struct{}{}:
		return true
	case <-ctx.Done():
	case <-t.C:
	}
	return false
}

// receive copies r's body to a temporary file, rewound for reading. The
// connection's read deadline follows the bytes received, so every window
// of the body must keep the policy's rate; it replaces the server's
// ReadTimeout.
func (p uploadPolicy) receive(r *http.Request, rc *http.ResponseController, dir string) (*os.File, int64, error) {
	f, err := os.CreateTemp(dir, "upload-*")
	if err != nil {
		return nil, 0, err
	}
	rate := newRateWindow(time.Now(), p.minRate, p.window)
	buf := make([]byte, 64<<10)
	var total int64
	for {
		deadline := rate.deadline()
		_ = rc.SetReadDeadline(deadline)
		n, rerr := r.Body.Read(buf)
		if n > 0 {
			rate.add(time.Now(), int64(n))
			total += int64(n)
			if total > maxUploadBody {
				return f, total, errTooLarge
			}
			if _, err := f.Write(buf[:n]); err != nil {
				return f, total, err
			}
		}
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			if time.Now().After(deadline) {
				return f, total, errTooSlow
			}
			return f, total, fmt.Errorf("%w: %v", errBodyRead, rerr)
		}
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return f, total, err
	}
	return f, total, nil
}
