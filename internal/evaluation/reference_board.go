package evaluation

import "context"

// ReferenceBoard is what the reference data page shows: the data in
// force, the history of rates and price files, and the past-performance
// threshold under which an invited vendor is warned about.
type ReferenceBoard struct {
	ReferenceData
	History         ReferenceHistory
	RecordThreshold float64
}

// ReferenceBoard reads the reference data page's figures.
func (s *Service) ReferenceBoard(ctx context.Context) (ReferenceBoard, error) {
	var b ReferenceBoard
	var err error
	if b.ReferenceData, err = s.Reference(ctx); err != nil {
		return b, err
	}
	if b.RecordThreshold, err = s.RecordThreshold(ctx); err != nil {
		return b, err
	}
	b.History, err = s.ReferenceHistory(ctx)
	return b, err
}
