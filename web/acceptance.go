package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/i18n"
	"github.com/gpuquote/gpuquote/internal/store"
	"github.com/gpuquote/gpuquote/web/views"
)

// acceptanceFields are the record form's fields, in form order.
var acceptanceFields = []string{"test", "status", "note", "waiver_reason", "evidence_upload_id"}

// parseAcceptance validates a person's record of one test; errors are
// message keys by field. A waiver needs its reason; a reason given with
// any other status is dropped, so a waiver reason never outlives it.
func parseAcceptance(f map[string]string) (store.NewAcceptance, map[string]string) {
	errs := map[string]string{}
	na := store.NewAcceptance{Test: strings.TrimSpace(f["test"]), Status: strings.TrimSpace(f["status"]),
		Note: strings.TrimSpace(f["note"])}
	if !acceptance.Test(na.Test).Valid() {
		errs["test"] = "bench.error.test"
	}
	switch na.Status {
	case store.AcceptancePassed, store.AcceptanceFailed, store.AcceptancePending:
	case store.AcceptanceWaived:
		na.WaiverReason = strings.TrimSpace(f["waiver_reason"])
		if na.WaiverReason == "" {
			errs["waiver_reason"] = "bench.error.waiver_reason"
		}
	default:
		errs["status"] = "bench.error.status"
	}
	if utf8.RuneCountInString(na.Note) > 4000 || utf8.RuneCountInString(na.WaiverReason) > 4000 {
		errs["note"] = "bench.error.too_long"
	}
	if v := strings.TrimSpace(f["evidence_upload_id"]); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			errs["evidence_upload_id"] = "bench.error.evidence"
		}
		na.EvidenceID = id
	}
	return na, errs
}

// checkEvidence makes sure an evidence upload belongs to the quote.
func (s *Server) checkEvidence(ctx context.Context, quoteID int64, na store.NewAcceptance, errs map[string]string) error {
	if na.EvidenceID == 0 || na.Evidence != nil {
		return nil
	}
	b, err := s.store.Benchmark(ctx, na.EvidenceID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && b.QuoteID != quoteID) {
		errs["evidence_upload_id"] = "bench.error.evidence"
		return nil
	}
	return err
}

// evidenceFile turns an attached file into an evidence upload.
func evidenceFile(up upload, errs map[string]string) *store.NewBenchmark {
	if up.Content == nil {
		return nil
	}
	if checkTextFile(up.Content) != nil {
		errs["file"] = "bench.error.binary"
		return nil
	}
	return &store.NewBenchmark{Kind: store.KindEvidence, FileName: cleanFileName(up.FileName), Content: up.Content}
}

// recordAcceptance stores a person's record of one test from the page's
// form, with an optional evidence file.
func (s *Server) recordAcceptance(w http.ResponseWriter, r *http.Request) error {
	sq, _, _, err := s.quoteParam(r)
	if err != nil {
		return err
	}
	z := i18n.From(r.Context())
	var up upload
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		up, err = readMultipart(w, r, maxBenchmark)
	} else if err = parseForm(w, r); err == nil {
		up.Fields = map[string]string{}
		for _, k := range acceptanceFields {
			up.Fields[k] = r.PostForm.Get(k)
		}
	}
	if errors.Is(err, errTooLarge) {
		return s.renderBenchPage(w, r, http.StatusRequestEntityTooLarge, func(m *views.BenchView) {
			m.AcceptanceError = z.T("bench.error.too_large")
		})
	}
	if err != nil {
		return err
	}
	na, errs := parseAcceptance(up.Fields)
	na.Evidence = evidenceFile(up, errs)
	if err := s.checkEvidence(r.Context(), sq.ID, na, errs); err != nil {
		return err
	}
	if len(errs) > 0 {
		return s.renderBenchPage(w, r, http.StatusUnprocessableEntity, func(m *views.BenchView) {
			m.AcceptanceError, m.Acceptance = fieldMessages(z, errs), up.Fields
		})
	}
	if _, err := s.store.RecordAcceptance(r.Context(), currentUser(r).Actor(), sq.ID, na); err != nil {
		return err
	}
	return redirect(w, r, "/quotes/"+strconv.FormatInt(sq.ID, 10)+"/benchmarks#acceptance", "flash.acceptance_recorded")
}

// fieldMessages joins field errors into one sentence per field, in form
// order.
func fieldMessages(z *i18n.Localizer, errs map[string]string) string {
	var parts []string
	for _, k := range append(append([]string{}, acceptanceFields...), "file") {
		if key, ok := errs[k]; ok {
			parts = append(parts, z.T(key))
		}
	}
	return strings.Join(parts, " ")
}
