package views

import (
	"context"
	"net/url"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/i18n"
)

// AuditPageSize bounds one page of the audit log.
const AuditPageSize = 50

// AuditModel is one page of the log as read with filter f (at most
// AuditPageSize+1 entries: one more says there are older ones); q is the
// request's query, kept in the links to newer and older pages. words
// names the values of subjects the log does not know (an award's shares).
func AuditModel(ctx context.Context, q url.Values, f audit.Filter, entries []audit.Entry, choices audit.Choices, words AuditWords) AuditPage {
	z := i18n.From(ctx)
	m := AuditPage{User: f.ActorID, Evaluation: f.EvaluationID, Action: f.Action, Paged: f.BeforeID > 0}
	for _, u := range choices.Users {
		m.Users = append(m.Users, Option{Value: strconv.FormatInt(u.ID, 10), Label: u.Name})
	}
	evNames := map[int64]string{}
	for _, e := range choices.Evaluations {
		evNames[e.ID] = e.Name
		m.Evaluations = append(m.Evaluations, Option{Value: strconv.FormatInt(e.ID, 10), Label: e.Name})
	}
	for _, a := range audit.Actions {
		m.Actions = append(m.Actions, Option{Value: a, Label: AuditActionName(z, a)})
	}
	filters := url.Values{}
	for _, k := range []string{"user", "evaluation", "action", "object_type", "object_id"} {
		if v := q.Get(k); v != "" {
			filters.Set(k, v)
		}
	}
	m.Newest = "/audit?" + filters.Encode()
	if len(entries) > AuditPageSize {
		entries = entries[:AuditPageSize]
		filters.Set("before", strconv.FormatInt(entries[len(entries)-1].ID, 10))
		m.Older = "/audit?" + filters.Encode()
	}
	for _, e := range entries {
		row := AuditRow{At: z.DateTime(e.At), Actor: e.ActorEmail, Action: AuditActionName(z, e.Action),
			Object: AuditObject(z, e.ObjectType, e.ObjectID), Changes: AuditDiff(ctx, e.Before, e.After, words)}
		if e.EvaluationID != 0 {
			row.Evaluation, row.EvaluationHref = evNames[e.EvaluationID], "/evaluations/"+strconv.FormatInt(e.EvaluationID, 10)
		}
		m.Rows = append(m.Rows, row)
	}
	return m
}

// AuditActionName is an action's name for readers; an action this list
// does not know yet reads as a change to its kind of object.
func AuditActionName(z *i18n.Localizer, action string) string {
	if s := z.T("audit.action." + action); s != "audit.action."+action {
		return s
	}
	return z.T("audit.action_other")
}

// AuditObject names what an entry changed: its kind, then its id, or for
// a setting the setting's name (the id is the setting's key).
func AuditObject(z *i18n.Localizer, objectType, id string) string {
	kind := z.T("audit.type." + objectType)
	if objectType == "setting" {
		if name := z.T("audit.setting." + id); name != "audit.setting."+id {
			return kind + ": " + name
		}
	}
	return kind + " " + id
}
