package evaluation

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/store"
)

// AcceptanceFields are the fields of a person's record of one test, in
// form order.
var AcceptanceFields = []string{"test", "status", "note", "waiver_reason", "evidence_upload_id"}

// RecordAcceptance stores a person's record of one test of the quote from
// up's fields, with up's file (if any) as its evidence. Field errors are
// message keys by field (the file's under "file") and store nothing.
func (s *Service) RecordAcceptance(ctx context.Context, by audit.Actor, quoteID int64, up Upload) (store.AcceptanceResult, map[string]string, error) {
	na, errs := parseAcceptance(up.Fields)
	na.Evidence = evidenceFile(up, errs)
	if err := s.checkEvidence(ctx, quoteID, na, errs); err != nil {
		return store.AcceptanceResult{}, nil, err
	}
	if len(errs) > 0 {
		return store.AcceptanceResult{}, errs, nil
	}
	a, err := s.store.RecordAcceptance(ctx, by, quoteID, na)
	return a, nil, err
}

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
func (s *Service) checkEvidence(ctx context.Context, quoteID int64, na store.NewAcceptance, errs map[string]string) error {
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
func evidenceFile(up Upload, errs map[string]string) *store.NewBenchmark {
	if up.Content == nil {
		return nil
	}
	if checkTextFile(up.Content) != nil {
		errs["file"] = "bench.error.binary"
		return nil
	}
	return &store.NewBenchmark{Kind: store.KindEvidence, FileName: CleanFileName(up.FileName), Content: up.Content}
}
