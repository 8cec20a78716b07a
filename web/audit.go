package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// auditLog shows one page of the log, newest first, filtered by user,
// evaluation and action chosen by name; "before" pages to older entries.
func (s *Server) auditLog(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := audit.Filter{ObjectType: q.Get("object_type"), ObjectID: q.Get("object_id"),
		EvaluationID: queryID(q, "evaluation"), ActorID: queryID(q, "user"), BeforeID: queryID(q, "before"),
		Limit: views.AuditPageSize + 1}
	if slices.Contains(audit.Actions, q.Get("action")) {
		f.Action = q.Get("action")
	}
	entries, choices, err := s.eval.AuditLog(r.Context(), f)
	if err != nil {
		return err
	}
	m := views.AuditModel(r.Context(), q, f, entries, choices, awardAuditValue)
	s.render(w, r, http.StatusOK, views.AuditLogPage(s.page(r, i18n.T(r.Context(), "audit.title"), "audit"), m))
	return nil
}

// queryID is a positive id from the query string, or 0.
func queryID(q url.Values, name string) int64 {
	id, err := strconv.ParseInt(q.Get(name), 10, 64)
	if err != nil || id < 0 {
		return 0
	}
	return id
}
