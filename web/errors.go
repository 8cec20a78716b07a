package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/gpuquote/gpuquote/internal/account"
	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// Errors a handler returns for the adapter to map to a status.
var (
	errNotFound         = errors.New("not found")
	errForbidden        = errors.New("forbidden")
	errMethodNotAllowed = errors.New("method not allowed")
	errBadRequest       = errors.New("bad request")
)

// fieldErrors is an invalid submission: message keys by field, answered
// as 422 JSON. It is the use cases' own type, so a refusal from
// evaluation reaches the adapter as it is.
type fieldErrors = evaluation.FieldErrors

// handlerFunc is a handler that returns its error to one adapter.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// h adapts fn: a returned error becomes a status and a generic page or JSON
// body. Internal error text is logged with the request ID, never shown.
func (s *Server) h(fn handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := fn(w, r)
		if err == nil {
			return
		}
		var fe fieldErrors
		if s.renderRoundError(w, r, err) {
			return
		}
		switch {
		case errors.As(err, &fe):
			s.writeFieldErrors(w, r, fe)
		case errors.Is(err, errNotFound), errors.Is(err, evaluation.ErrNotFound):
			s.renderError(w, r, http.StatusNotFound, "error.not_found")
		case errors.Is(err, errForbidden), errors.Is(err, account.ErrOwnAccount), errors.Is(err, account.ErrNotYourToken):
			s.auditDenied(r, "object")
			s.renderError(w, r, http.StatusForbidden, "error.forbidden")
		case errors.Is(err, errMethodNotAllowed):
			s.renderError(w, r, http.StatusMethodNotAllowed, "error.method")
		case errors.Is(err, errBadRequest), errors.Is(err, evaluation.ErrUnknownFlag):
			s.renderError(w, r, http.StatusBadRequest, "error.bad_request")
		case errors.Is(err, evaluation.ErrConflict):
			s.renderError(w, r, http.StatusConflict, "error.conflict")
		case evaluation.Unavailable(err):
			s.log.Error("database unavailable", "err", err, "request_id", middleware.GetReqID(r.Context()))
			s.renderError(w, r, http.StatusServiceUnavailable, "error.unavailable")
		default:
			s.log.Error("internal error", "err", err, "path", r.URL.Path, "request_id", middleware.GetReqID(r.Context()))
			s.renderError(w, r, http.StatusInternalServerError, "error.internal")
		}
	}
}

func isAPI(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, "/api/") }

// renderError answers status with a translated generic message: JSON for
// the API, a page for browsers.
func (s *Server) renderError(w http.ResponseWriter, r *http.Request, status int, key string) {
	if isAPI(r) {
		writeJSON(w, status, map[string]any{"error": i18n.T(r.Context(), key), "code": strings.TrimPrefix(key, "error.")})
		return
	}
	p := s.page(r, i18n.T(r.Context(), "error.title"), "")
	if strings.HasPrefix(r.URL.Path, "/v/") {
		p = vendorLayout(p.Title) // a vendor page never shows a signed-in user of the same browser
	}
	s.render(w, r, status, views.ErrorPage(p, status, key))
}

func (s *Server) writeFieldErrors(w http.ResponseWriter, r *http.Request, fe fieldErrors) {
	z := i18n.From(r.Context())
	fields := map[string]string{}
	for k, key := range fe {
		fields[k] = z.T(key)
	}
	writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": z.T("form.has_errors"), "fields": fields})
}

// render writes a templ component with status. The page is rendered into
// a buffer and written in one piece with its length: a template that fails
// gives a clean 500 instead of half a page, and a 40 KB page costs one
// write instead of a dozen.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, c templ.Component) {
	buf := pageBuffers.Get().(*bytes.Buffer)
	defer putPageBuffer(buf)
	if err := c.Render(r.Context(), buf); err != nil {
		s.log.Error("render", "err", err, "request_id", middleware.GetReqID(r.Context()))
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

var pageBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// putPageBuffer returns buf to the pool unless a very large page grew it:
// the pool should not keep megabytes per idle buffer.
func putPageBuffer(buf *bytes.Buffer) {
	if buf.Cap() > 1<<20 {
		return
	}
	buf.Reset()
	pageBuffers.Put(buf)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// auditDenied records a refused request; failures to record are logged.
func (s *Server) auditDenied(r *http.Request, what string) {
	e := audit.Entry{ActorEmail: "anonymous", Action: "auth.denied", ObjectType: "route",
		ObjectID: r.Method + " " + r.URL.Path, After: map[string]any{"needs": what}}
	if p := principalFrom(r.Context()); p != nil {
		e.ActorID, e.ActorEmail = p.User.ID, p.User.Email
	}
	if err := s.eval.RecordDenied(r.Context(), e); err != nil {
		s.log.Warn("audit denied", "err", err)
	}
}

// page builds the layout model for r.
func (s *Server) page(r *http.Request, title, nav string) views.Page {
	p := views.Page{Title: title, Nav: nav}
	if pr := principalFrom(r.Context()); pr != nil {
		p.User = &views.PageUser{Name: pr.User.Name, Role: pr.User.Role}
	}
	return p
}

// idParam parses the {name} URL parameter as a positive id, strictly:
// decimal digits only, no sign, no leading zero and nothing after, so
// /quotes/1abc or /quotes/01 is not found rather than quote 1.
func idParam(r *http.Request, name string) (int64, error) {
	return parseID(chiURLParam(r, name))
}

func parseID(v string) (int64, error) {
	if v == "" || v[0] < '1' || v[0] > '9' {
		return 0, errNotFound
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, errNotFound
		}
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, errNotFound
	}
	return id, nil
}
