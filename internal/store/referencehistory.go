package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/gpuquote/gpuquote/internal/audit"
)

// FXHistoryEntry is one rate an admin set.
type FXHistoryEntry struct {
	ID         int64
	Currency   string
	USDPerUnit string
	AsOf       time.Time
	SetBy      string
	SetAt      time.Time
}

// FXHistory returns the latest rates set, newest first, at most limit.
func (s *Store) FXHistory(ctx context.Context, limit int) ([]FXHistoryEntry, error) {
	rows, _ := s.pool.Query(ctx, `SELECT h.id, h.currency, h.usd_per_unit::text, h.as_of, u.name, h.set_at
		FROM fx_rate_history h JOIN users u ON u.id = h.set_by ORDER BY h.id DESC LIMIT $1`, limit)
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (FXHistoryEntry, error) {
		var e FXHistoryEntry
		var asOf pgtype.Date
		err := row.Scan(&e.ID, &e.Currency, &e.USDPerUnit, &asOf, &e.SetBy, &e.SetAt)
		e.AsOf = asOf.Time
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: fx history: %w", err)
	}
	return list, nil
}

// RollbackFXRate sets a currency's rate back to an earlier entry of the
// history; the rollback is itself a new entry and an audit row.
func (s *Store) RollbackFXRate(ctx context.Context, by audit.Actor, historyID int64) (FXHistoryEntry, error) {
	var e FXHistoryEntry
	var asOf pgtype.Date
	err := s.pool.QueryRow(ctx, `SELECT id, currency, usd_per_unit::text, as_of FROM fx_rate_history WHERE id = $1`, historyID).
		Scan(&e.ID, &e.Currency, &e.USDPerUnit, &asOf)
	if err != nil {
		return e, notFound("store: fx history entry", err)
	}
	e.AsOf = asOf.Time
	return e, s.setFXRate(ctx, by, e.Currency, e.USDPerUnit, e.AsOf, "fx.rollback")
}

// PriceReferenceEntry is one uploaded price file, without its content.
type PriceReferenceEntry struct {
	ID         int64
	Source     string
	SourceDate string
	Bytes      int
	UploadedBy string
	UploadedAt time.Time
}

// PriceReferenceHistory lists the uploaded price files, newest first (the
// first is in use), at most limit.
func (s *Store) PriceReferenceHistory(ctx context.Context, limit int) ([]PriceReferenceEntry, error) {
	rows, _ := s.pool.Query(ctx, `SELECT r.id, r.source, r.source_date, length(r.csv), u.name, r.uploaded_at
		FROM price_references r JOIN users u ON u.id = r.uploaded_by ORDER BY r.id DESC LIMIT $1`, limit)
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[PriceReferenceEntry])
	if err != nil {
		return nil, fmt.Errorf("store: price reference history: %w", err)
	}
	return list, nil
}

// RollbackPriceReference puts an earlier price file back in use, as a new
// upload of the same content, so the history stays append-only.
func (s *Store) RollbackPriceReference(ctx context.Context, by audit.Actor, id int64) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var newID int64
		err := tx.QueryRow(ctx, `INSERT INTO price_references (source, source_date, csv, uploaded_by)
			SELECT source, source_date, csv, $2 FROM price_references WHERE id = $1 RETURNING id`, id, by.ID).Scan(&newID)
		if err != nil {
			return notFound("store: roll back price reference", err)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "reference.rollback",
			ObjectType: "price_reference", ObjectID: fmt.Sprint(newID), After: map[string]any{"restored_from": id}})
	})
}
