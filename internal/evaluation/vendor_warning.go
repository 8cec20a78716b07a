package evaluation

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/rfq"
	"github.com/gpuquote/gpuquote/internal/scoring"
	"github.com/gpuquote/gpuquote/internal/store"
)

// A vendor whose record is below the admin's threshold is warned about
// when invited to a round (issue 31); the invitation still goes once the
// buyer confirms.

// BelowThreshold is the rule: a record whose past-performance pre-grade,
// read at its best (an unknown figure at 100 %), is under the threshold.
// A vendor without a record is never below it; a threshold of 0 is off.
func BelowThreshold(g PreGrade, threshold float64) bool { return threshold > 0 && g.High < threshold }

// RecordWarning is one invited vendor below the threshold: Index is its
// place in the request's vendors, with its record's pre-grade and where
// to read the record.
type RecordWarning struct {
	Index     int      `json:"index"`
	Company   string   `json:"company"`
	VendorID  int64    `json:"vendor_id"`
	Grade     PreGrade `json:"past_performance"`
	Threshold float64  `json:"threshold"`
	Record    string   `json:"record"`
	API       string   `json:"api"`
}

// RecordWarnings are the vendors of a round below the threshold: the
// round was not opened; sent again with ConfirmWarnings, it is.
type RecordWarnings []RecordWarning

func (w RecordWarnings) Error() string {
	return fmt.Sprintf("evaluation: %d invited vendors below the record threshold", len(w))
}

// RecordThreshold reads the admin's threshold: a grade from 0 (off) to
// scoring.Scale.
func (s *Service) RecordThreshold(ctx context.Context) (float64, error) {
	v, err := s.store.Setting(ctx, store.SettingRecordThreshold)
	if err != nil || v == "" {
		return 0, err
	}
	g, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0, nil // not a grade: the check is off, as when unset
	}
	return g, nil
}

// SaveRecordThreshold sets the threshold (audited as a setting); "" or 0
// turns the warning off.
func (s *Service) SaveRecordThreshold(ctx context.Context, by audit.Actor, value string) error {
	value = strings.TrimSpace(value)
	if value == "" {
		value = "0"
	}
	g, err := strconv.ParseFloat(value, 64)
	whole, frac, _ := strings.Cut(value, ".")
	if err != nil || g < 0 || g > scoring.Scale || len(frac) > 1 || whole == "" {
		return FieldErrors{"threshold": "record.error.threshold"}
	}
	return s.store.SetSetting(ctx, by, store.SettingRecordThreshold, strconv.FormatFloat(g, 'f', -1, 64))
}

// recordWarnings checks the vendors of a round against the threshold: a
// vendor is known by its company's name.
func (s *Service) recordWarnings(ctx context.Context, vendors []rfq.Vendor) (RecordWarnings, error) {
	th, err := s.RecordThreshold(ctx)
	if err != nil || th <= 0 {
		return nil, err
	}
	var out RecordWarnings
	for i, v := range vendors {
		id, ok, err := s.store.ProviderByName(ctx, v.Company)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		rec, err := s.VendorRecord(ctx, id)
		if err != nil {
			return nil, err
		}
		if BelowThreshold(rec.PreGrade, th) {
			out = append(out, RecordWarning{Index: i, Company: v.Company, VendorID: id, Grade: rec.PreGrade, Threshold: th,
				Record: fmt.Sprintf("/vendors/%d/record", id), API: fmt.Sprintf("/api/v1/vendors/%d/record", id)})
		}
	}
	return out, nil
}
