package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/brief"
	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/web/form"
)

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
