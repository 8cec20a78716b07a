package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gpuquote/gpuquote/internal/auth"
	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/redflag"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/internal/tco"
	"github.com/gpuquote/gpuquote/web/form"
	"github.com/gpuquote/gpuquote/web/views"
)

// evaluationStatus is where an evaluation stands: the furthest stage it
// reached, from drafting the brief to an approval.
func evaluationStatus(e store.EvaluationSummary, c brief.Completeness) string {
	switch {
	case e.Archived:
		return "evaluation.status.archived"
	case e.Approved:
		return "evaluation.status.approved"
	case e.Benchmarks > 0:
		return "evaluation.status.testing"
	case e.Quotes > 0 || c.ReadyToReserve():
		return "evaluation.status.collecting_quotes"
	}
	return "evaluation.status.drafting_brief"
}

func (s *Server) listEvaluations(w http.ResponseWriter, r *http.Request) error {
	return s.renderEvaluations(w, r, http.StatusOK, "", "")
}

func (s *Server) renderEvaluations(w http.ResponseWriter, r *http.Request, status int, name, errKey string) error {
	ctx := r.Context()
	q := r.URL.Query()
	archived := q.Get("archived") == "1"
	// A page of the list (?page=, from 1; anything else is the first).
	page, _ := strconv.Atoi(q.Get("page"))
	list, err := s.eval.ListEvaluations(ctx, archived, max(page, 1), evaluation.EvaluationsPerPage)
	if err == nil && len(list.Summaries) == 0 && list.Page > 1 {
		q.Del("page") // past the last page: the first, as the quote pages do
		list, err = s.eval.ListEvaluations(ctx, archived, 1, evaluation.EvaluationsPerPage)
	}
	if err != nil {
		return err
	}
	z := i18n.From(ctx)
	m := views.EvaluationsPage{ShowArchived: archived, CanCreate: currentUser(r).Role.Can(auth.ManageEvaluations), NewName: name}
	if errKey != "" {
		m.NewError = z.T(errKey)
	}
	if !archived {
		if m.Alerts, err = s.homeAlerts(r); err != nil {
			return err
		}
	}
	_, _, m.Pager = pageRange(list.Total, q, list.PerPage)
	for _, e := range list.Summaries {
		c := brief.Score(e.Brief)
		status := evaluationStatus(e, c)
		if e.Approved && !e.Archived && list.Stale[e.ID] {
			status = "evaluation.status.stale"
		}
		m.Rows = append(m.Rows, views.EvaluationRow{ID: e.ID, Name: e.Name, Owner: e.OwnerName,
			Updated: z.DateTime(e.UpdatedAt), StatusKey: status, Percent: c.Percent(), Decision: decisionLine(z, list.Decisions[e.ID])})
	}
	p := s.page(r, z.T("evaluations.title"), "evaluations")
	if m.NewError != "" {
		p.Errors = []views.FormError{{Target: "name", Label: z.T("evaluations.name"), Message: m.NewError}}
	}
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
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
	today := s.eval.Now()
	for _, sq := range d.All {
		blockers, warnings := redflag.Counts(d.Flags[sq.ID])
		m.Blockers += blockers
		m.Warnings += warnings
		if quote.Expiring(sq.Quote, today) {
			m.Expiring++
		}
	}
	if errKey != "" {
		m.RenameError = z.T(errKey)
	}
	for i, res := range d.WS.Results {
		if res.QuoteID == d.WS.Best[tco.RowCostPerUnit] {
			m.Best = z.T("evaluation.worksheet_best", map[string]any{"Provider": d.Quotes[i].ProviderName, "Cost": money(z, res.CostPerUnit)})
		}
	}
	m.Award = awardView(z, d)
	if m.Approval, err = s.approvalGlance(ctx, z, d); err != nil {
		return err
	}
	p := s.page(r, e.Name, "evaluations")
	if key := takeFlash(w, r); key != "" {
		p.Flash = z.T(key)
	}
	s.render(w, r, status, views.EvaluationHomePage(p, m))
	return nil
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
	if errors.Is(err, store.ErrConflict) {
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
	if errors.Is(err, store.ErrConflict) {
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
