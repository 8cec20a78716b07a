package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/form"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) showBrief(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	p := s.flashedPage(w, r, i18n.T(r.Context(), "brief.title")+" · "+e.Name)
	return s.renderBrief(w, r, http.StatusOK, e, b, views.BriefForm{Version: b.Version, Values: b.Data, Base: b.Data}, p)
}

// renderBrief shows the brief editor with m's input on the brief b: the
// one stored, or the one a conflicting save found.
func (s *Server) renderBrief(w http.ResponseWriter, r *http.Request, status int, e evaluation.Evaluation, b evaluation.StoredBrief, m views.BriefForm, p views.Page) error {
	vis, err := s.eval.Visibility(r.Context(), e.ID)
	if err != nil {
		return err
	}
	m.EvaluationID, m.EvaluationName, m.Completeness, m.CanEdit = e.ID, e.Name, brief.Score(b.Data), currentUser(r).Role.Can(auth.EditBrief)
	m.UpdatedBy, m.UpdatedAt = b.UpdatedByName, i18n.From(r.Context()).DateTime(b.UpdatedAt)
	m.Internal, m.VisibilityNote = views.BriefVisibilityNote(r.Context(), vis.Internal, vis.Round)
	s.render(w, r, status, views.BriefEditor(p, m))
	return nil
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
		// Unsaved: the meter counts the saved brief, not the refused input.
		m := views.BriefForm{Version: version, Values: in.Typed, Base: in.Base, Errors: briefErrors(z, in.Errors), Unsaved: true}
		p := s.page(r, z.T("brief.title"), "evaluations")
		p.Errors = briefSummary(r, m.Errors)
		return s.renderBrief(w, r, http.StatusUnprocessableEntity, e, cur, m, p)
	}
	_, err = s.eval.SaveBrief(ctx, currentUser(r).Actor(), id, version, in.Data)
	var conflict *evaluation.ConflictError
	if errors.As(err, &conflict) {
		// The form now stands on the stored version: fields only the other
		// editor changed show their value, so saving again keeps it.
		theirs := conflict.Current.Data
		merged, clashes := brief.Merge(in.Base, theirs, in.Data)
		c := &views.BriefConflict{By: conflict.Current.UpdatedByName, At: z.DateTime(conflict.Current.UpdatedAt),
			Changes: views.BriefChangesModel(ctx, in.Base, theirs, in.Data, clashes)}
		p := s.page(r, z.T("brief.title"), "evaluations")
		p.Errors = []views.FormError{{Target: "brief-conflict", Message: z.T("brief.conflict", map[string]any{"By": c.By, "At": c.At})}}
		m := views.BriefForm{Version: conflict.Current.Version, Values: merged, Base: theirs, Unsaved: true, Conflict: c}
		return s.renderBrief(w, r, http.StatusConflict, e, conflict.Current, m, p)
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(id, 10)+"/brief", "flash.brief_saved")
}
