package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

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

// apiBrief is the brief resource.
type apiBrief struct {
	EvaluationID int64            `json:"evaluation_id"`
	Version      int              `json:"version"`
	Fields       brief.Brief      `json:"fields"`
	UpdatedAt    time.Time        `json:"updated_at"`
	UpdatedBy    string           `json:"updated_by"`
	Completeness *apiCompleteness `json:"completeness"`
}

func briefJSON(b evaluation.StoredBrief) apiBrief {
	return apiBrief{EvaluationID: b.EvaluationID, Version: b.Version, Fields: b.Data, UpdatedAt: b.UpdatedAt,
		UpdatedBy: b.UpdatedByName, Completeness: completenessJSON(brief.Score(b.Data))}
}

func (s *Server) apiGetBrief(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	b, err := s.eval.Brief(r.Context(), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, briefJSON(b))
	return nil
}

// apiPutBrief replaces the brief. The version read with GET is required,
// so a script cannot silently overwrite a person's edit.
func (s *Server) apiPutBrief(w http.ResponseWriter, r *http.Request) error {
	id, err := idParam(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		Version *int                       `json:"version"`
		Fields  map[string]json.RawMessage `json:"fields"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Version == nil {
		return fieldErrors{"version": "form.error.required"}
	}
	raw, errs := briefFieldsJSON(in.Fields)
	return s.saveBriefJSON(w, r, id, *in.Version, raw, errs)
}

// briefFieldsJSON reads a JSON object of brief fields into their text
// form; unknown fields and values that are not scalars are errors.
func briefFieldsJSON(fields map[string]json.RawMessage) (map[string]string, form.Errors) {
	raw := map[string]string{}
	errs := form.Errors{}
	for k, v := range fields {
		if _, ok := brief.Lookup(k); !ok {
			errs[k] = "brief.error.unknown_field"
			continue
		}
		text, ok := jsonScalar(v)
		if !ok {
			errs[k] = "form.error.invalid"
			continue
		}
		raw[k] = text
	}
	return raw, errs
}

// saveBriefJSON validates raw as the whole brief and saves it if the brief
// is still at version: 200 with the saved brief, 409 with the current one,
// 422 with every field error, errs (from reading the JSON) included.
func (s *Server) saveBriefJSON(w http.ResponseWriter, r *http.Request, id int64, version int, raw map[string]string, errs form.Errors) error {
	data, ferrs := form.Brief(raw)
	for k, v := range ferrs {
		errs[k] = v
	}
	if len(errs) > 0 {
		return fieldErrors(errs)
	}
	saved, err := s.eval.SaveBrief(r.Context(), currentUser(r).Actor(), id, version, data)
	var conflict *evaluation.ConflictError
	if errors.As(err, &conflict) {
		writeJSON(w, http.StatusConflict, map[string]any{"error": "brief changed since version " + fmt.Sprint(version),
			"code": "conflict", "current": briefJSON(conflict.Current)})
		return nil
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, briefJSON(saved))
	return nil
}

// jsonScalar turns a JSON string, number, bool, null or array of strings
// into the text a form would send.
func jsonScalar(v json.RawMessage) (string, bool) {
	var x any
	dec := json.NewDecoder(strings.NewReader(string(v)))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		return "", false
	}
	switch t := x.(type) {
	case nil:
		return "", true
	case string:
		return t, true
	case json.Number:
		return t.String(), true
	case bool:
		if t {
			return "yes", true
		}
		return "no", true
	case []any:
		parts := make([]string, 0, len(t))
		for _, e := range t {
			s, ok := e.(string)
			if !ok {
				return "", false
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ","), true
	}
	return "", false
}
