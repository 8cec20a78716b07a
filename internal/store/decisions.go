package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/approval"
	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/auth"
)

// ShortlistEntry is a quote's place on the shortlist.
type ShortlistEntry struct {
	QuoteID       int64
	Status        string
	ShortlistedBy string
	DecidedBy     string
}

// Shortlist returns the evaluation's shortlist by quote id.
func (s *Store) Shortlist(ctx context.Context, evaluationID int64) (map[int64]ShortlistEntry, error) {
	return shortlistRead(evaluationID).run(ctx, s.pool)
}

func shortlistRead(evaluationID int64) read[map[int64]ShortlistEntry] {
	return read[map[int64]ShortlistEntry]{sql: `SELECT s.quote_id, s.status, u.name, COALESCE(d.name, '') FROM shortlist s
		JOIN users u ON u.id = s.shortlisted_by LEFT JOIN users d ON d.id = s.decided_by WHERE s.evaluation_id = $1`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) (map[int64]ShortlistEntry, error) { return collectShortlist(rows, evaluationID) }}
}

func collectShortlist(rows pgx.Rows, evaluationID int64) (map[int64]ShortlistEntry, error) {
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (ShortlistEntry, error) {
		var e ShortlistEntry
		return e, row.Scan(&e.QuoteID, &e.Status, &e.ShortlistedBy, &e.DecidedBy)
	})
	if err != nil {
		return nil, fmt.Errorf("store: shortlist %d: %w", evaluationID, err)
	}
	out := make(map[int64]ShortlistEntry, len(list))
	for _, e := range list {
		out[e.QuoteID] = e
	}
	return out, nil
}

// SetShortlisted adds a quote to its evaluation's shortlist (again, if it
// was rejected) or takes it off; an approved quote stays until revoked.
func (s *Store) SetShortlisted(ctx context.Context, by audit.Actor, quoteID int64, on bool) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var evaluationID int64
		if err := tx.QueryRow(ctx, `SELECT evaluation_id FROM quotes WHERE id = $1`, quoteID).Scan(&evaluationID); err != nil {
			return notFound("store: shortlist quote", err)
		}
		var tag interface{ RowsAffected() int64 }
		var err error
		action := "quote.shortlist"
		if on {
			tag, err = tx.Exec(ctx, `INSERT INTO shortlist (quote_id, evaluation_id, shortlisted_by) VALUES ($1, $2, $3)
				ON CONFLICT (quote_id) DO UPDATE SET status = 'shortlisted', shortlisted_by = EXCLUDED.shortlisted_by,
				    shortlisted_at = now(), decided_by = NULL, decided_at = NULL
				WHERE shortlist.status = 'rejected'`, quoteID, evaluationID, by.ID)
		} else {
			action = "quote.unshortlist"
			tag, err = tx.Exec(ctx, `DELETE FROM shortlist WHERE quote_id = $1 AND status <> 'approved'`, quoteID)
		}
		if err != nil {
			return fmt.Errorf("store: %s %d: %w", action, quoteID, err)
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("store: %s %d: %w", action, quoteID, ErrConflict)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: action,
			ObjectType: "quote", ObjectID: fmt.Sprint(quoteID), EvaluationID: evaluationID})
	})
}

// Waiver is a blocker red flag accepted on the record.
type Waiver struct {
	QuoteID  int64
	FlagID   string
	Reason   string
	WaivedBy string
	WaivedAt time.Time
}

// WaiveFlag records a waiver; a flag is waived once.
func (s *Store) WaiveFlag(ctx context.Context, by audit.Actor, quoteID int64, flagID, reason string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var evaluationID int64
		if err := tx.QueryRow(ctx, `SELECT evaluation_id FROM quotes WHERE id = $1`, quoteID).Scan(&evaluationID); err != nil {
			return notFound("store: waive quote", err)
		}
		_, err := tx.Exec(ctx, `INSERT INTO flag_waivers (quote_id, flag_id, reason, waived_by) VALUES ($1, $2, $3, $4)`,
			quoteID, flagID, reason, by.ID)
		if isUniqueViolation(err) {
			return fmt.Errorf("store: waive %s: %w", flagID, ErrExists)
		}
		if err != nil {
			return fmt.Errorf("store: waive %s: %w", flagID, err)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "flag.waive",
			ObjectType: "quote", ObjectID: fmt.Sprint(quoteID), EvaluationID: evaluationID,
			After: map[string]string{"flag": flagID, "reason": reason}})
	})
}

// Waivers returns the evaluation's waivers by quote, then flag id.
func (s *Store) Waivers(ctx context.Context, evaluationID int64) (map[int64]map[string]Waiver, error) {
	return waiversRead(evaluationID).run(ctx, s.pool)
}

func waiversRead(evaluationID int64) read[map[int64]map[string]Waiver] {
	return read[map[int64]map[string]Waiver]{sql: `SELECT w.quote_id, w.flag_id, w.reason, u.name, w.waived_at FROM flag_waivers w
		JOIN quotes q ON q.id = w.quote_id JOIN users u ON u.id = w.waived_by WHERE q.evaluation_id = $1`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) (map[int64]map[string]Waiver, error) { return collectWaivers(rows, evaluationID) }}
}

func collectWaivers(rows pgx.Rows, evaluationID int64) (map[int64]map[string]Waiver, error) {
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Waiver, error) {
		var w Waiver
		return w, row.Scan(&w.QuoteID, &w.FlagID, &w.Reason, &w.WaivedBy, &w.WaivedAt)
	})
	if err != nil {
		return nil, fmt.Errorf("store: waivers %d: %w", evaluationID, err)
	}
	out := map[int64]map[string]Waiver{}
	for _, w := range list {
		if out[w.QuoteID] == nil {
			out[w.QuoteID] = map[string]Waiver{}
		}
		out[w.QuoteID][w.FlagID] = w
	}
	return out, nil
}

// DecisionRecord is one approval, rejection or revocation.
type DecisionRecord struct {
	ID           int64
	EvaluationID int64
	QuoteID      int64
	Kind         string
	Reason       string
	DecidedBy    string
	DecidedAt    time.Time
	SelfApproval bool
	Snapshot     approval.Snapshot
	ContentHash  string
	InputsHash   string
	// QuoteVersion and LastAcceptanceID are what the decision was checked
	// against; Decide refuses if either moved meanwhile.
	QuoteVersion     int
	LastAcceptanceID int64
}

// ErrOtherApproved refuses an approval while another quote of the
// evaluation is approved (a conflict, named so the page can say which).
var ErrOtherApproved = fmt.Errorf("another quote of the evaluation is approved: %w", ErrConflict)

// Decide records a decision as a conditional update of the shortlist: only
// a shortlisted quote is approved or rejected, only an approved one is
// revoked, only on the quote version and acceptance results the decision
// was checked against (who may decide is the use case's rule). Two
// managers deciding at once yield exactly one record and one audit row;
// the other gets ErrConflict.
func (s *Store) Decide(ctx context.Context, by audit.Actor, d DecisionRecord) (DecisionRecord, error) {
	list, err := s.DecideInTurn(ctx, by, []DecisionRecord{d})
	if err != nil {
		return DecisionRecord{}, err
	}
	return list[0], nil
}

// DecideInTurn records decisions on one quote one after the other in one
// transaction, all or none: a re-approval is a revocation and an approval
// on the current terms, and a refused approval must not leave the
// revocation behind.
func (s *Store) DecideInTurn(ctx context.Context, by audit.Actor, ds []DecisionRecord) ([]DecisionRecord, error) {
	out := make([]DecisionRecord, len(ds))
	copy(out, ds)
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		for i := range out {
			if err := decideTx(ctx, tx, by, &out[i]); err != nil {
				return fmt.Errorf("store: %s quote %d: %w", out[i].Kind, out[i].QuoteID, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// decideTx is one decision inside tx (see Decide).
func decideTx(ctx context.Context, tx pgx.Tx, by audit.Actor, d *DecisionRecord) error {
	var sql string
	args := []any{d.QuoteID, by.ID}
	switch d.Kind {
	case approval.Approve:
		// Who may approve (separation of duties) is approval.Check's
		// rule, applied by the use case to the version checked below.
		sql = `UPDATE shortlist SET status = 'approved', decided_by = $2, decided_at = now()
			WHERE quote_id = $1 AND status = 'shortlisted'`
	case approval.Reject:
		sql = `UPDATE shortlist SET status = 'rejected', decided_by = $2, decided_at = now()
			WHERE quote_id = $1 AND status = 'shortlisted'`
	case approval.Revoke:
		sql = `UPDATE shortlist SET status = 'shortlisted', decided_by = NULL, decided_at = NULL
			WHERE quote_id = $1 AND status = 'approved'`
		args = args[:1]
	default:
		return approval.ErrUnknownKind
	}
	// What the decision was checked against must not have changed
	// since: the quote's terms (its version) and its acceptance suite.
	var version int
	var lastTest int64
	if err := tx.QueryRow(ctx, `SELECT version, COALESCE((SELECT max(id) FROM acceptance_results WHERE quote_id = $1), 0)
		FROM quotes WHERE id = $1 FOR UPDATE`, d.QuoteID).Scan(&version, &lastTest); err != nil {
		return notFound("select quote", err)
	}
	if version != d.QuoteVersion || lastTest != d.LastAcceptanceID {
		return ErrConflict
	}
	tag, err := tx.Exec(ctx, sql, args...)
	if isUniqueViolation(err) {
		return ErrOtherApproved
	}
	if err != nil {
		return err
	}
	if tag.RowsAffected() != 1 {
		return ErrConflict
	}
	snap, err := json.Marshal(d.Snapshot)
	if err != nil {
		return err
	}
	if err := tx.QueryRow(ctx, `INSERT INTO decisions (evaluation_id, quote_id, kind, reason, decided_by, self_approval,
		snapshot, content_hash, inputs_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, decided_at`,
		d.EvaluationID, d.QuoteID, d.Kind, d.Reason, by.ID, d.SelfApproval, snap, d.ContentHash, d.InputsHash).
		Scan(&d.ID, &d.DecidedAt); err != nil {
		return err
	}
	return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "quote." + d.Kind,
		ObjectType: "quote", ObjectID: fmt.Sprint(d.QuoteID), EvaluationID: d.EvaluationID,
		After: map[string]any{"reason": d.Reason, "content_hash": d.ContentHash, "self_approval": d.SelfApproval}})
}

// Decisions returns the evaluation's decision records, newest first.
func (s *Store) Decisions(ctx context.Context, evaluationID int64) ([]DecisionRecord, error) {
	return decisionsRead(evaluationID).run(ctx, s.pool)
}

func decisionsRead(evaluationID int64) read[[]DecisionRecord] {
	return read[[]DecisionRecord]{sql: `SELECT d.id, d.evaluation_id, d.quote_id, d.kind, d.reason, u.name, d.decided_at,
		d.self_approval, d.snapshot, d.content_hash, d.inputs_hash FROM decisions d JOIN users u ON u.id = d.decided_by
		WHERE d.evaluation_id = $1 ORDER BY d.id DESC`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) ([]DecisionRecord, error) { return collectDecisions(rows, evaluationID) }}
}

func collectDecisions(rows pgx.Rows, evaluationID int64) ([]DecisionRecord, error) {
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (DecisionRecord, error) {
		var d DecisionRecord
		var snap []byte
		if err := row.Scan(&d.ID, &d.EvaluationID, &d.QuoteID, &d.Kind, &d.Reason, &d.DecidedBy, &d.DecidedAt,
			&d.SelfApproval, &snap, &d.ContentHash, &d.InputsHash); err != nil {
			return d, err
		}
		return d, json.Unmarshal(snap, &d.Snapshot)
	})
	if err != nil {
		return nil, fmt.Errorf("store: decisions %d: %w", evaluationID, err)
	}
	return list, nil
}

// SettingAllowSelfApproval lets an author approve their own quote, for a
// team of one; decision records say when it was used.
const SettingAllowSelfApproval = "allow_self_approval"

// SettingAwardRequiresAcceptance ("yes") has every award need each
// automatic acceptance test of its quotes passed or waived; off unless
// an admin turns it on.
const SettingAwardRequiresAcceptance = "award_requires_acceptance"

// Setting returns a setting's value, "" when unset.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	return settingRead(key).run(ctx, s.pool)
}

func settingRead(key string) read[string] {
	return read[string]{sql: `SELECT value FROM settings WHERE key = $1`, args: []any{key}, collect: func(rows pgx.Rows) (string, error) {
		v, err := pgx.CollectExactlyOneRow(rows, pgx.RowTo[string])
		if errors.Is(err, pgx.ErrNoRows) {
			return "", nil
		}
		return v, err
	}}
}

// SetSetting changes a setting, audited.
func (s *Store) SetSetting(ctx context.Context, by audit.Actor, key, value string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		// The value replaced, for the log's before → after.
		var old *string
		if err := tx.QueryRow(ctx, `SELECT value FROM settings WHERE key = $1 FOR UPDATE`, key).Scan(&old); err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("store: read %s: %w", key, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO settings (key, value, updated_by) VALUES ($1, $2, $3)
			ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
			key, value, by.ID); err != nil {
			return fmt.Errorf("store: set %s: %w", key, err)
		}
		e := audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "setting.update",
			ObjectType: "setting", ObjectID: key, After: map[string]string{"value": value}}
		if old != nil {
			e.Before = map[string]string{"value": *old}
		}
		return insertAudit(ctx, tx, e)
	})
}

// DecisionInputs returns the evaluation's decision facts (by key, text)
// and their version (0 when never saved).
func (s *Store) DecisionInputs(ctx context.Context, evaluationID int64) (map[string]string, int, error) {
	d, err := decisionInputsRead(evaluationID).run(ctx, s.pool)
	return d.Data, d.Version, err
}

// DecisionFacts are the saved decision facts and their version.
type DecisionFacts struct {
	Data    map[string]string
	Version int
}

func decisionInputsRead(evaluationID int64) read[DecisionFacts] {
	return read[DecisionFacts]{sql: `SELECT data, version FROM decision_inputs WHERE evaluation_id = $1`, args: []any{evaluationID},
		collect: func(rows pgx.Rows) (DecisionFacts, error) {
			d := DecisionFacts{Data: map[string]string{}}
			var raw []byte
			_, err := pgx.CollectExactlyOneRow(rows, func(row pgx.CollectableRow) (struct{}, error) {
				return struct{}{}, row.Scan(&raw, &d.Version)
			})
			if errors.Is(err, pgx.ErrNoRows) {
				return d, nil
			}
			if err != nil {
				return DecisionFacts{}, fmt.Errorf("store: decision inputs %d: %w", evaluationID, err)
			}
			return d, json.Unmarshal(raw, &d.Data)
		}}
}

// SaveDecisionInputs replaces the facts if still at version.
func (s *Store) SaveDecisionInputs(ctx context.Context, by audit.Actor, evaluationID int64, version int, data map[string]string) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO decision_inputs (evaluation_id, data, updated_by) VALUES ($1, $2, $3)
			ON CONFLICT (evaluation_id) DO UPDATE SET data = EXCLUDED.data, version = decision_inputs.version + 1,
			    updated_by = EXCLUDED.updated_by, updated_at = now() WHERE decision_inputs.version = $4`,
			evaluationID, raw, by.ID, version)
		if err != nil {
			return fmt.Errorf("store: save decision inputs %d: %w", evaluationID, err)
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("store: save decision inputs %d: %w", evaluationID, ErrConflict)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "decision_inputs.update",
			ObjectType: "decision_inputs", ObjectID: fmt.Sprint(evaluationID), EvaluationID: evaluationID, After: data})
	})
}

// Reauthenticate marks a session's login as fresh after the user typed
// their password again, for actions that need a recent login; audited.
func (s *Store) Reauthenticate(ctx context.Context, token string, u User) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE sessions SET authenticated_at = $2 WHERE token_hash = $1`, auth.HashToken(token), s.Now()); err != nil {
			return fmt.Errorf("store: reauthenticate: %w", err)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: u.ID, ActorEmail: u.Email, Action: "auth.reauthenticate",
			ObjectType: "user", ObjectID: fmt.Sprint(u.ID)})
	})
}
