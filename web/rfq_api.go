package web

import (
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

func (s *Server) apiCreateRFQ(w http.ResponseWriter, r *http.Request) error {
	e, err := s.openEvaluation(r)
	if err != nil {
		return err
	}
	var in evaluation.RoundRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	rd, invs, err := s.eval.CreateRound(r.Context(), currentUser(r).Actor(), e.ID, in, i18n.Languages, s.links(r))
	if ws, ok := err.(evaluation.RecordWarnings); ok {
		writeJSON(w, http.StatusConflict, map[string]any{"error": "record_below_threshold", "warnings": ws})
		return nil
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, views.CreatedJSONModel(rd, invs))
	return nil
}

func (s *Server) apiGetRFQ(w http.ResponseWriter, r *http.Request) error {
	d, err := s.roundDetail(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"rfq": views.RFQDetailJSONModel(d.RoundDetail)})
	return nil
}

func (s *Server) apiOpenRFQ(w http.ResponseWriter, r *http.Request) error {
	rd, err := s.loadRound(r)
	if err != nil {
		return err
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	n, err := s.eval.OpenEarly(r.Context(), currentUser(r).Actor(), rd.ID, in.Reason)
	if err != nil {
		return err
	}
	rd, err = s.eval.Round(r.Context(), rd.ID)
	if err = s.notOpened(err); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"rfq": views.RFQJSONModel(rd), "quotes": n})
	return nil
}

func (s *Server) apiStartRound(w http.ResponseWriter, r *http.Request) error {
	rd, err := s.loadRound(r)
	if err != nil {
		return err
	}
	var in evaluation.RoundRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	next, invs, err := s.eval.StartRound(r.Context(), currentUser(r).Actor(), rd, in, s.links(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, views.CreatedJSONModel(next, invs))
	return nil
}
