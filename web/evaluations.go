package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/a-h/templ"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/form"
	"github.com/gpuquote/gpuquote/web/views"
)

// evaluationStatus is where an evaluation stands (evaluation.StatusKey).
func evaluationStatus(e evaluation.EvaluationSummary, c brief.Completeness) string {
	return evaluation.StatusKey(e, c, false)
}

func (s *Server) listEvaluations(w http.ResponseWriter, r *http.Request) error {
	return s.renderEvaluations(w, r, http.StatusOK, "", "")
}

func (s *Server) renderEvaluations(w http.ResponseWriter, r *http.Request, status int, name, errKey string) error {
	ctx, q := r.Context(), r.URL.Query()
	archived := q.Get("archived") == "1"
	page, _ := strconv.Atoi(q.Get("page")) // from 1; anything else is the first
	list, err := s.eval.EvaluationsPage(ctx, archived, page)
	if err != nil {
		return err
	}
	z := i18n.From(ctx)
	m := views.EvaluationsPage{ShowArchived: archived, CanCreate: currentUser(r).Role.Can(auth.ManageEvaluations), NewName: name}
	if !archived {
		if m.Alerts, err = s.homeAlerts(r); err != nil {
			return err
		}
	}
	_, _, m.Pager = pageRange(list.Total, q, list.PerPage)
	for _, e := range list.Summaries {
		c, d := brief.Score(e.Brief), list.Decisions[e.ID]
		m.Rows = append(m.Rows, views.EvaluationRow{ID: e.ID, Name: e.Name, Owner: e.OwnerName, Updated: z.DateTime(e.UpdatedAt),
			StatusKey: evaluation.StatusKey(e, c, list.Stale[e.ID]), Percent: c.Percent(), Decision: views.DecisionLine(z, d.Approved, d.Shortlisted, d.Waived)})
	}
	p := s.flashedPage(w, r, z.T("evaluations.title"))
	if errKey != "" {
		m.NewError = z.T(errKey)
		p.Errors = []views.FormError{{Target: "name", Label: z.T("evaluations.name"), Message: m.NewError}}
	}
	s.render(w, r, status, views.Evaluations(p, m))
	return nil
}

func (s *Server) createEvaluation(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(w, r); err != nil {
		return err
	}
	var in form.Evaluation
	if errs := form.Decode(r.PostForm, &in); errs != nil {
		return s.renderEvaluations(w, r, http.StatusUnprocessableEntity, in.Name, errs["name"])
	}
	e, err := s.eval.CreateEvaluation(r.Context(), currentUser(r), in.Name)
	if err != nil {
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(e.ID, 10), "flash.evaluation_created")
}

func (s *Server) showEvaluation(w http.ResponseWriter, r *http.Request) error {
	return s.renderEvaluationHome(w, r, http.StatusOK, nil, "")
}

// renderEvaluationHome shows the summary; rename carries the user's input
// and error key back after a failed rename.
func (s *Server) renderEvaluationHome(w http.ResponseWriter, r *http.Request, status int, rename *string, errKey string) error {
	// The worksheet's data holds the evaluation, its brief and every quote:
	// one set of queries serves the whole summary.
	d, err := s.analysisParam(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	var body templ.Component
	if status == http.StatusOK && rename == nil && errKey == "" {
		// A plain view is the analysis seen in a language by a role: kept
		// rendered per analysis, as the worksheet's body.
		view := "home\x00" + z.Lang + "\x00" + string(currentUser(r).Role)
		body, err = s.parts.render(r.Context(), d, view, func() templ.Component {
			m, err := s.evaluationHome(r, d, rename, errKey)
			if err != nil {
				return failedComponent(err)
			}
			return views.EvaluationHomeBody(m)
		})
	} else {
		var m views.EvaluationHome
		m, err = s.evaluationHome(r, d, rename, errKey)
		body = views.EvaluationHomeBody(m)
	}
	if err != nil {
		return err
	}
	s.render(w, r, status, views.PageWith(s.flashedPage(w, r, d.Evaluation.Name), body))
	return nil
}

// evaluationHome is the evaluation home's model for this reader, with a
// refused rename's value and message.
func (s *Server) evaluationHome(r *http.Request, d *evaluation.Analysis, rename *string, errKey string) (views.EvaluationHome, error) {
	ctx := r.Context()
	e, b := d.Evaluation, d.Brief
	z := i18n.From(ctx)
	role := currentUser(r).Role
	m := views.EvaluationHome{ID: e.ID, Name: e.Name, Archived: e.Archived, Version: e.Version, Owner: e.OwnerName,
		Created: z.Date(e.CreatedAt), Updated: z.DateTime(e.UpdatedAt), Completeness: brief.Score(b.Data),
		CanManage: role.Can(auth.ManageEvaluations), CanEditBrief: role.Can(auth.EditBrief), RenameValue: e.Name}
	if rename != nil {
		m.RenameValue = *rename
	}
	m.Quotes = len(d.All)
	// The analysis has flagged every quote already (with the exchange
	// rates and retry waste it alone knows); flagging and laying out each
	// quote again here made the page of a 300-quote evaluation take seconds.
	g := d.Glance(s.eval.Now())
	m.Blockers, m.Warnings, m.Expiring = g.Blockers, g.Warnings, g.Expiring
	if errKey != "" {
		m.RenameError = z.T(errKey)
	}
	if g.HasBest {
		m.Best = z.T("evaluation.worksheet_best", map[string]any{"Provider": g.Best, "Cost": money(z, g.BestCost)})
	}
	m.Award = awardView(z, d)
	var err error
	m.Approval, err = s.approvalGlance(ctx, z, d)
	return m, err
}

func (s *Server) renameEvaluation(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	var in form.Evaluation
	if errs := form.Decode(r.PostForm, &in); errs != nil {
		return s.renderEvaluationHome(w, r, http.StatusUnprocessableEntity, &in.Name, errs["name"])
	}
	version, _ := strconv.Atoi(r.PostForm.Get("version"))
	_, err = s.eval.RenameEvaluation(r.Context(), currentUser(r), id, version, in.Name)
	if errors.Is(err, evaluation.ErrConflict) {
		return s.renderEvaluationHome(w, r, http.StatusConflict, &in.Name, "evaluation.conflict")
	}
	if err != nil {
		return err
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(id, 10), "flash.evaluation_renamed")
}

func (s *Server) archiveEvaluation(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	if err := parseForm(w, r); err != nil {
		return err
	}
	archived := r.PostForm.Get("archived") == "yes"
	version, _ := strconv.Atoi(r.PostForm.Get("version"))
	_, err = s.eval.ArchiveEvaluation(r.Context(), currentUser(r), id, version, archived)
	if errors.Is(err, evaluation.ErrConflict) {
		return s.renderEvaluationHome(w, r, http.StatusConflict, nil, "evaluation.conflict")
	}
	if err != nil {
		return err
	}
	key := "flash.evaluation_unarchived"
	if archived {
		key = "flash.evaluation_archived"
	}
	return redirect(w, r, "/evaluations/"+strconv.FormatInt(id, 10), key)
}
