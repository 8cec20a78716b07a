package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/web/form"
)

// apiEvaluation is an evaluation as the API shows it.
type apiEvaluation struct {
	evaluation.Evaluation
	Status       string           `json:"status"`
	Completeness *apiCompleteness `json:"completeness,omitempty"`
}

type apiCompleteness struct {
	Percent        int            `json:"percent"`
	Filled         int            `json:"filled"`
	Total          int            `json:"total"`
	Sections       map[string]int `json:"sections"`
	ReadyToReserve bool           `json:"ready_to_reserve"`
	Required       []string       `json:"required"`
	Missing        []string       `json:"missing"`
}

func completenessJSON(c brief.Completeness) *apiCompleteness {
	out := &apiCompleteness{Percent: c.Percent(), Filled: c.Filled, Total: c.Total, Sections: map[string]int{},
		ReadyToReserve: c.ReadyToReserve(), Required: c.Required, Missing: c.Missing}
	if out.Missing == nil {
		out.Missing = []string{}
	}
	for _, s := range c.Sections {
		out.Sections[string(s.Section)] = s.Percent()
	}
	return out
}

func apiEval(e evaluation.EvaluationSummary) apiEvaluation {
	c := brief.Score(e.Brief)
	return apiEvaluation{Evaluation: e.Evaluation, Status: strings.TrimPrefix(evaluationStatus(e, c), "evaluation.status."), Completeness: completenessJSON(c)}
}

// apiEvaluationList is GET /api/v1/evaluations: a page of the list.
type apiEvaluationList struct {
	Evaluations []apiEvaluation `json:"evaluations"`
	Page        int             `json:"page"`
	PerPage     int             `json:"per_page"`
	Pages       int             `json:"pages"`
	Total       int             `json:"total"`
	Next        *string         `json:"next"` // null on the last page
}

func (s *Server) apiListEvaluations(w http.ResponseWriter, r *http.Request) error {
	win, err := s.readPageOf(r, evaluation.EvaluationsPerPage, maxPerPage)
	if err != nil {
		return err
	}
	list, err := s.eval.ListEvaluations(r.Context(), r.URL.Query().Get("archived") == "true", win.page, win.per)
	if err != nil {
		return err
	}
	out := apiEvaluationList{Evaluations: make([]apiEvaluation, 0, len(list.Summaries)), Page: list.Page, PerPage: list.PerPage,
		Pages: list.Pages, Total: list.Total}
	for _, e := range list.Summaries {
		out.Evaluations = append(out.Evaluations, apiEval(e))
	}
	if list.Page < list.Pages {
		out.Next = win.link(list.Page+1, list.PerPage)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// decodeJSON reads a bounded JSON body into v; malformed JSON is a 400.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return errBadRequest
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errBadRequest
	}
	return nil
}

func (s *Server) apiCreateEvaluation(w http.ResponseWriter, r *http.Request) error {
	var in form.Evaluation
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Name = strings.TrimSpace(in.Name)
	if errs := form.Validate(&in); errs != nil {
		return fieldErrors(errs)
	}
	e, err := s.eval.CreateEvaluation(r.Context(), currentUser(r), in.Name)
	if err != nil {
		return err
	}
	w.Header().Set("Location", fmt.Sprintf("/api/v1/evaluations/%d", e.ID))
	writeJSON(w, http.StatusCreated, apiEval(evaluation.EvaluationSummary{Evaluation: e, Brief: brief.Brief{}}))
	return nil
}

func (s *Server) apiGetEvaluation(w http.ResponseWriter, r *http.Request) error {
	e, b, err := s.evaluationAndBrief(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, apiEval(evaluation.EvaluationSummary{Evaluation: e, Brief: b.Data}))
	return nil
}
