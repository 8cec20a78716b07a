package web

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// auditPageSize bounds one page of the audit log.
const auditPageSize = 50

// auditActions are the actions the log records, in the order the filter
// lists them; each has a name in the catalog (audit.action.<action>).
var auditActions = []string{
	"evaluation.create", "evaluation.rename", "evaluation.archive", "evaluation.unarchive",
	"brief.update", "quote.create", "quote.import", "quote.update", "quote.delete",
	"quote.shortlist", "quote.unshortlist", "flag.waive", "quote.approve", "quote.reject",
	"quote.revoke", "quote.reapprove",
	"assumptions.update", "decision_inputs.update", "criteria.update", "score.override",
	"benchmark.upload", "benchmark.withdraw", "benchmark.reclassify",
	"acceptance.record", "acceptance.waive", "acceptance.auto",
	"award.record", "award.approve",
	"contract.draft", "contract.revise", "contract.carry", "contract.rebid", "contract.bill", "contract.outage", "contract.useful_units",
	"rfq.create", "rfq.brief", "rfq.remind", "rfq.reissue_link", "rfq.revoke", "rfq.answer",
	"rfq.open_early", "rfq.open_deadline", "quote.rfq", "quote.rfq_revision",
	"rfq.vendor_open", "rfq.vendor_draft", "rfq.vendor_document", "rfq.vendor_question", "rfq.vendor_submit",
	"rfq.vendor_attestations",
	"fx.set", "fx.rollback", "reference.upload", "reference.rollback", "setting.update",
	"user.create", "user.update", "user.language", "user.password", "user.rehash", "token.create", "token.revoke",
	"auth.login", "auth.login_failed", "auth.login_rate_limited", "auth.logout", "auth.reauthenticate", "auth.denied",
}

// auditLog shows one page of the log, newest first, filtered by user,
// evaluation and action chosen by name; "before" pages to older entries.
func (s *Server) auditLog(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	z := i18n.From(ctx)
	q := r.URL.Query()
	f := store.AuditFilter{ObjectType: q.Get("object_type"), ObjectID: q.Get("object_id"),
		EvaluationID: queryID(q, "evaluation"), ActorID: queryID(q, "user"), BeforeID: queryID(q, "before"),
		Limit: auditPageSize + 1}
	for _, a := range auditActions {
		if a == q.Get("action") {
			f.Action = a
		}
	}
	entries, choices, err := s.eval.AuditLog(ctx, f)
	if err != nil {
		return err
	}
	m := views.AuditPage{User: f.ActorID, Evaluation: f.EvaluationID, Action: f.Action, Paged: f.BeforeID > 0}
	for _, u := range choices.Users {
		m.Users = append(m.Users, views.Option{Value: strconv.FormatInt(u.ID, 10), Label: u.Name})
	}
	evNames := map[int64]string{}
	for _, e := range choices.Evaluations {
		evNames[e.ID] = e.Name
		m.Evaluations = append(m.Evaluations, views.Option{Value: strconv.FormatInt(e.ID, 10), Label: e.Name})
	}
	for _, a := range auditActions {
		m.Actions = append(m.Actions, views.Option{Value: a, Label: actionName(z, a)})
	}
	filters := url.Values{}
	for _, k := range []string{"user", "evaluation", "action", "object_type", "object_id"} {
		if v := q.Get(k); v != "" {
			filters.Set(k, v)
		}
	}
	m.Newest = "/audit?" + filters.Encode()
	if len(entries) > auditPageSize {
		entries = entries[:auditPageSize]
		filters.Set("before", strconv.FormatInt(entries[len(entries)-1].ID, 10))
		m.Older = "/audit?" + filters.Encode()
	}
	for _, e := range entries {
		row := views.AuditRow{At: z.DateTime(e.At), Actor: e.ActorEmail, Action: actionName(z, e.Action),
			Object: auditObject(z, e.ObjectType, e.ObjectID), Changes: auditDiff(ctx, e.Before, e.After)}
		if e.EvaluationID != 0 {
			row.Evaluation, row.EvaluationHref = evNames[e.EvaluationID], "/evaluations/"+strconv.FormatInt(e.EvaluationID, 10)
		}
		m.Rows = append(m.Rows, row)
	}
	s.render(w, r, http.StatusOK, views.AuditLogPage(s.page(r, z.T("audit.title"), "audit"), m))
	return nil
}

// actionName is an action's name for readers; an action this list does
// not know yet reads as a change to its kind of object.
func actionName(z *i18n.Localizer, action string) string {
	if s := z.T("audit.action." + action); s != "audit.action."+action {
		return s
	}
	return z.T("audit.action_other")
}

// queryID is a positive id from the query string, or 0.
func queryID(q url.Values, name string) int64 {
	id, err := strconv.ParseInt(q.Get(name), 10, 64)
	if err != nil || id < 0 {
		return 0
	}
	return id
}

// auditObject names what an entry changed: its kind, then its id, or for
// a setting the setting's name (the id is the setting's key).
func auditObject(z *i18n.Localizer, objectType, id string) string {
	kind := z.T("audit.type." + objectType)
	if objectType == "setting" {
		if name := z.T("audit.setting." + id); name != "audit.setting."+id {
			return kind + ": " + name
		}
	}
	return kind + " " + id
}
