package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/acceptance"
	"github.com/gpuquote/gpuquote/internal/audit"
)

// Acceptance statuses.
const (
	AcceptancePending = acceptance.Pending
	AcceptancePassed  = acceptance.Passed
	AcceptanceFailed  = acceptance.Failed
	AcceptanceWaived  = acceptance.Waived
)

// AcceptanceTests are the acceptance tests (internal/acceptance), in
// order; the table's CHECK lists the same keys.
var AcceptanceTests = acceptance.Names()

// AcceptanceResult is one recorded state of one acceptance test
// (acceptance.Result).
type AcceptanceResult = acceptance.Result

// NewAcceptance is a person's record of a test. Evidence, when set, is a
// file stored with the record (or the identical upload already on the
// quote); otherwise EvidenceID may name an existing upload of the quote.
type NewAcceptance struct {
	Test         string
	Status       string
	Note         string
	WaiverReason string
	EvidenceID   int64
	Evidence     *NewBenchmark
}

// ErrWaiverReason means a waiver without a reason.
var ErrWaiverReason = errors.New("store: a waiver needs a reason")

const acceptanceSelect = `SELECT a.id, a.quote_id, a.test, a.status, a.note, a.waiver_reason,
	COALESCE(a.evidence_upload_id, 0), COALESCE(b.original_name, ''), a.automatic, a.recorded_by, u.name, a.recorded_at
	FROM acceptance_results a JOIN users u ON u.id = a.recorded_by
	LEFT JOIN benchmark_uploads b ON b.id = a.evidence_upload_id`

func scanAcceptance(row pgx.CollectableRow) (AcceptanceResult, error) {
	var a AcceptanceResult
	err := row.Scan(&a.ID, &a.QuoteID, &a.Test, &a.Status, &a.Note, &a.WaiverReason, &a.EvidenceID, &a.EvidenceName,
		&a.Automatic, &a.RecordedByID, &a.RecordedBy, &a.RecordedAt)
	return a, err
}

// currentAcceptance is the newest result of a test, ok false when none.
func currentAcceptance(ctx context.Context, tx pgx.Tx, quoteID int64, test string) (AcceptanceResult, bool, error) {
	rows, _ := tx.Query(ctx, acceptanceSelect+` WHERE a.quote_id = $1 AND a.test = $2 ORDER BY a.id DESC LIMIT 1`, quoteID, test)
	list, err := pgx.CollectRows(rows, scanAcceptance)
	if err != nil || len(list) == 0 {
		return AcceptanceResult{}, false, err
	}
	return list[0], true, nil
}

func insertAcceptance(ctx context.Context, tx pgx.Tx, by audit.Actor, quoteID, evaluationID int64, a AcceptanceResult, action string) (int64, error) {
	cur, had, err := currentAcceptance(ctx, tx, quoteID, a.Test)
	if err != nil {
		return 0, err
	}
	var evidence *int64
	if a.EvidenceID != 0 {
		evidence = &a.EvidenceID
	}
	var id int64
	err = tx.QueryRow(ctx, `INSERT INTO acceptance_results (quote_id, test, status, note, waiver_reason, evidence_upload_id, automatic, recorded_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		quoteID, a.Test, a.Status, a.Note, a.WaiverReason, evidence, a.Automatic, by.ID).Scan(&id)
	if err != nil {
		return 0, err
	}
	snapshot := func(r AcceptanceResult) map[string]any {
		m := map[string]any{"test": r.Test, "status": r.Status, "note": r.Note, "automatic": r.Automatic}
		if r.WaiverReason != "" {
			m["waiver_reason"] = r.WaiverReason
		}
		if r.EvidenceID != 0 {
			m["evidence_upload_id"] = r.EvidenceID
		}
		return m
	}
	e := audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: action, ObjectType: "acceptance",
		ObjectID: fmt.Sprintf("%d/%s", quoteID, a.Test), EvaluationID: evaluationID, After: snapshot(a)}
	if had {
		e.Before = snapshot(cur)
	}
	return id, insertAudit(ctx, tx, e)
}

// RecordAutoAcceptance appends an automatic outcome (a benchmark
// verdict's) for one test, with its audit row. Which outcomes to record
// is the caller's rule (evaluation keeps a person's result); run it in a
// Tx with the quote locked.
func (s *Store) RecordAutoAcceptance(ctx context.Context, by audit.Actor, quoteID int64, ar AutoResult) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		evaluationID, err := lockQuote(ctx, tx, quoteID)
		if err != nil {
			return err
		}
		_, err = insertAcceptance(ctx, tx, by, quoteID, evaluationID, AcceptanceResult{Test: ar.Test, Status: ar.Status,
			Note: ar.Note, EvidenceID: ar.EvidenceID, Automatic: true}, "acceptance.auto")
		return err
	})
}

// RecordAcceptance appends a person's result for one test, with its
// evidence file if any, and the audit row, in one transaction.
func (s *Store) RecordAcceptance(ctx context.Context, by audit.Actor, quoteID int64, na NewAcceptance) (AcceptanceResult, error) {
	if na.Status == AcceptanceWaived && na.WaiverReason == "" {
		return AcceptanceResult{}, ErrWaiverReason
	}
	var id int64
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		evaluationID, err := lockQuote(ctx, tx, quoteID)
		if err != nil {
			return err
		}
		evidence := na.EvidenceID
		if na.Evidence != nil {
			evidence, err = insertBenchmark(ctx, tx, by, quoteID, evaluationID, *na.Evidence)
			var dup *DuplicateError
			if errors.As(err, &dup) {
				evidence, err = dup.Existing.ID, nil
			}
			if err != nil {
				return err
			}
		} else if evidence != 0 {
			var ok bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM benchmark_uploads WHERE id = $1 AND quote_id = $2)`,
				evidence, quoteID).Scan(&ok); err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("evidence %d: %w", evidence, ErrNotFound)
			}
		}
		action := "acceptance.record"
		if na.Status == AcceptanceWaived {
			action = "acceptance.waive"
		}
		id, err = insertAcceptance(ctx, tx, by, quoteID, evaluationID, AcceptanceResult{Test: na.Test, Status: na.Status,
			Note: na.Note, WaiverReason: na.WaiverReason, EvidenceID: evidence}, action)
		return err
	})
	if err != nil {
		return AcceptanceResult{}, fmt.Errorf("store: record acceptance %s for quote %d: %w", na.Test, quoteID, err)
	}
	rows, _ := s.pool.Query(ctx, acceptanceSelect+` WHERE a.id = $1`, id)
	return pgx.CollectExactlyOneRow(rows, scanAcceptance)
}

// AcceptanceHistory returns every recorded result of a quote, oldest first.
func (s *Store) AcceptanceHistory(ctx context.Context, quoteID int64) ([]AcceptanceResult, error) {
	rows, _ := s.pool.Query(ctx, acceptanceSelect+` WHERE a.quote_id = $1 ORDER BY a.id`, quoteID)
	list, err := pgx.CollectRows(rows, scanAcceptance)
	if err != nil {
		return nil, fmt.Errorf("store: acceptance of quote %d: %w", quoteID, err)
	}
	return list, nil
}

// CurrentAcceptance picks each test's newest result from a history.
func CurrentAcceptance(history []AcceptanceResult) map[string]AcceptanceResult {
	return acceptance.Current(history)
}

// SuiteCounts summarises a quote's acceptance suite (acceptance.Counts).
type SuiteCounts = acceptance.Counts

// Count tallies current results.
func Count(current map[string]AcceptanceResult) SuiteCounts { return acceptance.Count(current) }

// SuiteSummaries returns the suite counts of every quote of an evaluation
// that has any result, in one query.
func (s *Store) SuiteSummaries(ctx context.Context, evaluationID int64) (map[int64]SuiteCounts, error) {
	return suiteSummariesRead(evaluationID).run(ctx, s.pool)
}

func suiteSummariesRead(evaluationID int64) read[map[int64]SuiteCounts] {
	return read[map[int64]SuiteCounts]{sql: `SELECT DISTINCT ON (a.quote_id, a.test) a.quote_id, a.status
		FROM acceptance_results a JOIN quotes q ON q.id = a.quote_id
		WHERE q.evaluation_id = $1 ORDER BY a.quote_id, a.test, a.id DESC`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) (map[int64]SuiteCounts, error) { return collectSuiteSummaries(rows, evaluationID) }}
}

func collectSuiteSummaries(rows pgx.Rows, evaluationID int64) (map[int64]SuiteCounts, error) {
	out := map[int64]SuiteCounts{}
	var quoteID int64
	var status string
	_, err := pgx.ForEachRow(rows, []any{&quoteID, &status}, func() error {
		c := out[quoteID]
		c.Add(status)
		out[quoteID] = c
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: suite summaries of evaluation %d: %w", evaluationID, err)
	}
	return out, nil
}

// CurrentSuites returns every quote's current acceptance results of an
// evaluation, by quote then test, in one query.
func (s *Store) CurrentSuites(ctx context.Context, evaluationID int64) (map[int64]map[string]AcceptanceResult, error) {
	return currentSuitesRead(evaluationID).run(ctx, s.pool)
}

func currentSuitesRead(evaluationID int64) read[map[int64]map[string]AcceptanceResult] {
	return read[map[int64]map[string]AcceptanceResult]{sql: `SELECT DISTINCT ON (a.quote_id, a.test) a.quote_id, a.test, a.status, a.note, a.waiver_reason
		FROM acceptance_results a JOIN quotes q ON q.id = a.quote_id
		WHERE q.evaluation_id = $1 ORDER BY a.quote_id, a.test, a.id DESC`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) (map[int64]map[string]AcceptanceResult, error) {
			return collectCurrentSuites(rows, evaluationID)
		}}
}

func collectCurrentSuites(rows pgx.Rows, evaluationID int64) (map[int64]map[string]AcceptanceResult, error) {
	out := map[int64]map[string]AcceptanceResult{}
	var a AcceptanceResult
	_, err := pgx.ForEachRow(rows, []any{&a.QuoteID, &a.Test, &a.Status, &a.Note, &a.WaiverReason}, func() error {
		if out[a.QuoteID] == nil {
			out[a.QuoteID] = map[string]AcceptanceResult{}
		}
		out[a.QuoteID][a.Test] = a
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: current suites of evaluation %d: %w", evaluationID, err)
	}
	return out, nil
}
