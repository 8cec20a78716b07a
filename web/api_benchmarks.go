package web

import (
	"fmt"
	"net/http"

	"github.com/gpuquote/gpuquote/internal/evaluation"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/web/views"
)

// apiUploadBenchmark takes a multipart "file" with metadata fields (kind,
// run_date, region, gpu_model, image_version, framework_version,
// node_ids) and answers with the figures and the verdict. A log that does
// not parse is kept and answered 201 with its parse_error.
func (s *Server) apiUploadBenchmark(w http.ResponseWriter, r *http.Request) error {
	sq, _, b, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	added, _, problem, err := s.addUpload(w, r, sq.ID)
	if err != nil {
		return err
	}
	if problem == nil {
		d, err := s.eval.Bench(r.Context(), sq, b.Data)
		if err != nil {
			return err
		}
		_, rep, _ := views.BenchAPIFind(d, added.Benchmark.ID)
		ab := views.BenchAPIUpload(z, added.Benchmark, rep)
		status := http.StatusCreated
		if added.Reclassified {
			status = http.StatusOK // the stored upload was re-classified
		}
		w.Header().Set("Location", ab.Download)
		writeJSON(w, status, map[string]any{"benchmark": ab, "acceptance": views.BenchAPISuite(z, d), "reclassified": added.Reclassified})
		return nil
	}
	writeJSON(w, problem.status, problem.API(z))
	return nil
}

// apiListBenchmarks returns a quote's logs with figures and verdicts, the
// claimed-vs-verified matrix and the acceptance suite.
func (s *Server) apiListBenchmarks(w http.ResponseWriter, r *http.Request) error {
	sq, _, b, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	d, err := s.eval.Bench(r.Context(), sq, b.Data)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, views.BenchAPIList(i18n.From(r.Context()), sq.ID, d))
	return nil
}

// apiRecordAcceptance records one test from JSON: test, status, note,
// waiver_reason, evidence_upload_id.
func (s *Server) apiRecordAcceptance(w http.ResponseWriter, r *http.Request) error {
	sq, _, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	var in struct {
		Test         string `json:"test"`
		Status       string `json:"status"`
		Note         string `json:"note"`
		WaiverReason string `json:"waiver_reason"`
		EvidenceID   int64  `json:"evidence_upload_id"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	fields := map[string]string{"test": in.Test, "status": in.Status, "note": in.Note, "waiver_reason": in.WaiverReason}
	if in.EvidenceID != 0 {
		fields["evidence_upload_id"] = fmt.Sprint(in.EvidenceID)
	}
	a, errs, err := s.eval.RecordAcceptance(r.Context(), currentUser(r).Actor(), sq.ID, evaluation.Upload{Fields: fields})
	if err != nil {
		return err
	}
	if len(errs) > 0 {
		return fieldErrors(errs)
	}
	writeJSON(w, http.StatusCreated, views.BenchAPIAcceptance(a))
	return nil
}
