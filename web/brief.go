package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/form"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) showBrief(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	m := s.briefForm(r, e, b)
	m.Values = b.Data
	p := s.page(r, i18n.T(r.Context(), "brief.title")+" · "+e.Name, "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = i18n.T(r.Context(), key)
	}
	s.render(w, r, http.StatusOK, views.BriefEditor(p, m))
	return nil
}

func (s *Server) briefForm(r *http.Request, e store.Evaluation, b store.StoredBrief) views.BriefForm {
	z := i18n.From(r.Context())
	return views.BriefForm{EvaluationID: e.ID, EvaluationName: e.Name, Version: b.Version,
		Completeness: brief.Score(b.Data), CanEdit: currentUser(r).Role.Can(auth.EditBrief),
		UpdatedBy: b.UpdatedByName, UpdatedAt: z.DateTime(b.UpdatedAt)}
}

// saveBrief validates the whole form; on an error or a conflicting save it
// re-renders with the user's own input and saves nothing.
func (s *Server) saveBrief(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	z := i18n.From(ctx)
	e, err := s.store.Evaluation(ctx, id)
	if err != nil {
		return err
	}
	raw, numErrs := form.BriefValues(r.PostForm, z.ParseDecimal)
	version, _ := strconv.Atoi(r.PostForm.Get("version"))
	data, errs := form.Brief(raw)
	for k, key := range numErrs {
		if errs == nil {
			errs = form.Errors{}
		}
		errs[k] = key // an ambiguous number, not whatever the text parses to
	}
	if errs != nil {
		cur, err := s.store.Brief(ctx, id)
		if err != nil {
			return err
		}
		m := s.briefForm(r, e, cur)
		m.Version, m.Values, m.Errors = version, formValues(r), translate(z, errs)
		m.Completeness = brief.Score(data)
		s.render(w, r, http.StatusUnprocessableEntity, views.BriefEditor(s.page(r, z.T("brief.title"), "evaluations"), m))
		return nil
	}
	_, err = s.store.SaveBrief(ctx, currentUser(r).Actor(), id, version, data)
	var conflict *store.ConflictError
	if errors.As(err, &conflict) {
		m := s.briefForm(r, e, conflict.Current)
		m.Values = formValues(r)
		m.Completeness = brief.Score(data)
		m.Conflict = &views.BriefConflict{By: conflict.Current.UpdatedByName, At: z.DateTime(conflict.Current.UpdatedAt),
			Changes: briefChanges(r, conflict.Current.Data, data)}
		s.render(w, r, http.StatusConflict, views.BriefEditor(s.page(r, z.T("brief.title"), "evaluations"), m))
		return nil
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(id, 10)+"/brief", "flash.brief_saved")
}

// formValues is the user's input as typed, multi-valued fields joined.
func formValues(r *http.Request) map[string]string {
	out := map[string]string{}
	for _, f := range brief.Fields {
		if f.Kind == brief.Multi {
			out[f.Key] = strings.Join(r.PostForm[f.Key], ",")
		} else {
			out[f.Key] = r.PostForm.Get(f.Key)
		}
	}
	return out
}

func translate(z *i18n.Localizer, errs form.Errors) map[string]string {
	out := make(map[string]string, len(errs))
	for k, key := range errs {
		out[k] = z.T(key)
	}
	return out
}

// briefChanges lists the fields where the stored brief differs from the
// user's submission, in form order.
func briefChanges(r *http.Request, stored, yours brief.Brief) []views.BriefChange {
	ctx := r.Context()
	var out []views.BriefChange
	for _, f := range brief.Fields {
		if stored[f.Key] != yours[f.Key] {
			out = append(out, views.BriefChange{Field: views.FieldLabel(ctx, f.Key),
				Stored: views.BriefValue(ctx, f.Key, stored[f.Key]), Yours: views.BriefValue(ctx, f.Key, yours[f.Key])})
		}
	}
	return out
}

func (s *Server) printBrief(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	m := views.BriefPrint{EvaluationName: e.Name, Date: z.Date(s.store.Now()), Brief: b.Data, Completeness: brief.Score(b.Data)}
	s.render(w, r, http.StatusOK, views.BriefPrintPage(s.page(r, z.T("brief.print_title", map[string]any{"Name": e.Name}), "evaluations"), m))
	return nil
}
