package web

import (
	"encoding/json"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/brief"
)

// apiPatchBrief changes only the fields it is given (null or "" clears
// one) and keeps the others, unlike PUT, which replaces the whole brief.
// "version" is optional: without it the change applies to the brief as it
// is now, and a save in between still answers 409.
func (s *Server) apiPatchBrief(w http.ResponseWriter, r *http.Request) error {
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
	patch, errs := briefFieldsJSON(in.Fields)
	current, err := s.eval.Brief(r.Context(), id)
	if err != nil {
		return err
	}
	version := current.Version
	if in.Version != nil {
		version = *in.Version
	}
	return s.saveBriefJSON(w, r, id, version, brief.Patch(current.Data, patch), errs)
}
