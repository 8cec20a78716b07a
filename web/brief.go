package web

import (
	"errors"
	"net/http"
	"strconv"

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
	s.render(w, r, http.StatusOK, views.BriefEditor(s.flashedPage(w, r, i18n.T(r.Context(), "brief.title")+" · "+e.Name), m))
	return nil
}

func (s *Server) briefForm(r *http.Request, e store.Evaluation, b store.StoredBrief) (views.BriefForm, error) {
	vis, err := s.eval.Visibility(r.Context(), e.ID)
	if err != nil {
		return views.BriefForm{}, err
	}
	m := views.BriefForm{EvaluationID: e.ID, EvaluationName: e.Name, Version: b.Version,
		Completeness: brief.Score(b.Data), CanEdit: currentUser(r).Role.Can(auth.EditBrief),
		UpdatedBy: b.UpdatedByName, UpdatedAt: i18n.From(r.Context()).DateTime(b.UpdatedAt)}
	m.Internal, m.VisibilityNote = views.BriefVisibilityNote(r.Context(), vis.Internal, vis.Round)
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
	ctx, z := r.Context(), i18n.From(r.Context())
	e, err := s.eval.Evaluation(ctx, id)
	if err != nil {
		return err
	}
	in := form.ReadBriefPost(r.PostForm, z.ParseDecimal)
	version, _ := strconv.Atoi(r.PostForm.Get("version"))
	if in.Errors != nil {
		cur, err := s.eval.Brief(ctx, id)
		if err != nil {
			return err
		}
		m, err := s.briefForm(r, e, cur)
		if err != nil {
			return err
		}
		m.Version, m.Values, m.Base, m.Errors = version, in.Typed, in.Base, briefErrors(z, in.Errors)
		m.Unsaved = true // the meter counts the saved brief, not the refused input
		p := s.page(r, z.T("brief.title"), "evaluations")
		p.Errors = briefSummary(r, m.Errors)
		s.render(w, r, http.StatusUnprocessableEntity, views.BriefEditor(p, m))
		return nil
	}
	_, err = s.eval.SaveBrief(ctx, currentUser(r).Actor(), id, version, in.Data)
	var conflict *store.ConflictError
	if errors.As(err, &conflict) {
		// The form now stands on the stored version: fields only the other
		// editor changed show their value, so saving again keeps it.
		theirs := conflict.Current.Data
		merged, clashes := brief.Merge(in.Base, theirs, in.Data)
		m, err := s.briefForm(r, e, conflict.Current)
		if err != nil {
			return err
		}
		m.Values, m.Base, m.Unsaved = merged, theirs, true
		m.Conflict = &views.BriefConflict{By: conflict.Current.UpdatedByName, At: z.DateTime(conflict.Current.UpdatedAt),
			Changes: views.BriefChangesModel(ctx, in.Base, theirs, in.Data, clashes)}
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
