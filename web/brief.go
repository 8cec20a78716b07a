package web

import (
	"errors"
	"net/http"
	"slices"
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
	m, err := s.briefForm(r, e, b)
	if err != nil {
		return err
	}
	m.Values, m.Base = b.Data, b.Data
	p := s.page(r, i18n.T(r.Context(), "brief.title")+" · "+e.Name, "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = i18n.T(r.Context(), key)
	}
	s.render(w, r, http.StatusOK, views.BriefEditor(p, m))
	return nil
}

func (s *Server) briefForm(r *http.Request, e store.Evaluation, b store.StoredBrief) (views.BriefForm, error) {
	z := i18n.From(r.Context())
	vis, err := s.eval.Visibility(r.Context(), e.ID)
	if err != nil {
		return views.BriefForm{}, err
	}
	m := views.BriefForm{EvaluationID: e.ID, EvaluationName: e.Name, Version: b.Version,
		Completeness: brief.Score(b.Data), CanEdit: currentUser(r).Role.Can(auth.EditBrief),
		UpdatedBy: b.UpdatedByName, UpdatedAt: z.DateTime(b.UpdatedAt), Internal: map[string]bool{}}
	for _, k := range vis.Internal {
		m.Internal[k] = true
	}
	m.VisibilityNote = z.T("sourcing.brief_visibility_default")
	if vis.Round > 0 {
		m.VisibilityNote = z.T("sourcing.brief_visibility_round", map[string]any{"Round": vis.Round})
	}
	return m, nil
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
	e, err := s.eval.Evaluation(ctx, id)
	if err != nil {
		return err
	}
	raw, numErrs := form.BriefValues(r.PostForm, z.ParseDecimal)
	version, _ := strconv.Atoi(r.PostForm.Get("version"))
	base := baseValues(r)
	data, errs := form.Brief(raw)
	for k, key := range numErrs {
		if errs == nil {
			errs = form.Errors{}
		}
		errs[k] = key // an ambiguous number, not whatever the text parses to
	}
	if errs != nil {
		cur, err := s.eval.Brief(ctx, id)
		if err != nil {
			return err
		}
		m, err := s.briefForm(r, e, cur)
		if err != nil {
			return err
		}
		m.Version, m.Values, m.Base, m.Errors = version, formValues(r), base, briefErrors(z, errs)
		m.Unsaved = true // the meter counts the saved brief, not the refused input
		p := s.page(r, z.T("brief.title"), "evaluations")
		p.Errors = briefSummary(r, m.Errors)
		s.render(w, r, http.StatusUnprocessableEntity, views.BriefEditor(p, m))
		return nil
	}
	_, err = s.eval.SaveBrief(ctx, currentUser(r).Actor(), id, version, data)
	var conflict *store.ConflictError
	if errors.As(err, &conflict) {
		// The form now stands on the stored version: fields only the other
		// editor changed show their value, so saving again keeps it.
		theirs := conflict.Current.Data
		merged, clashes := brief.Merge(base, theirs, data)
		m, err := s.briefForm(r, e, conflict.Current)
		if err != nil {
			return err
		}
		m.Values, m.Base, m.Unsaved = merged, theirs, true
		m.Conflict = &views.BriefConflict{By: conflict.Current.UpdatedByName, At: z.DateTime(conflict.Current.UpdatedAt),
			Changes: briefChanges(r, base, theirs, data, clashes)}
		p := s.page(r, z.T("brief.title"), "evaluations")
		p.Errors = []views.FormError{{Target: "brief-conflict", Message: z.T("brief.conflict", map[string]any{"By": m.Conflict.By, "At": m.Conflict.At})}}
		s.render(w, r, http.StatusConflict, views.BriefEditor(p, m))
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

// baseValues are the stored values the editor's form was opened with,
// posted back beside the inputs so a conflict can tell the editor's changes
// from the other editor's.
func baseValues(r *http.Request) brief.Brief {
	out := brief.Brief{}
	for _, f := range brief.Fields {
		if v := r.PostForm.Get("base_" + f.Key); v != "" {
			out[f.Key] = v
		}
	}
	return out
}

// briefChanges lists the fields the other editor changed since the form
// was opened, in form order, and whether the editor changed them too.
func briefChanges(r *http.Request, base, theirs, yours brief.Brief, clashes []string) []views.BriefChange {
	ctx := r.Context()
	var out []views.BriefChange
	for _, f := range brief.Fields {
		if theirs[f.Key] != base[f.Key] {
			out = append(out, views.BriefChange{Field: views.FieldLabel(ctx, f.Key),
				Stored: views.BriefValue(ctx, f.Key, theirs[f.Key]), Yours: views.BriefValue(ctx, f.Key, yours[f.Key]),
				Clash: slices.Contains(clashes, f.Key)})
		}
	}
	return out
}
