package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/gpuquote/gpuquote/internal/audit"
)

// FXRate is how many US dollars one unit of Currency buys, as of a date.
type FXRate struct {
	Currency   string    `json:"currency"`
	USDPerUnit string    `json:"usd_per_unit"` // exact decimal text
	AsOf       time.Time `json:"as_of"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// FXRates returns every rate, by currency.
func (s *Store) FXRates(ctx context.Context) ([]FXRate, error) {
	return fxRatesRead.run(ctx, s.pool)
}

var fxRatesRead = read[[]FXRate]{sql: `SELECT currency, usd_per_unit::text, as_of, updated_at FROM fx_rates ORDER BY currency`, collect: collectFXRates}

func collectFXRates(rows pgx.Rows) ([]FXRate, error) {
	rates, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (FXRate, error) {
		var r FXRate
		var asOf pgtype.Date
		err := row.Scan(&r.Currency, &r.USDPerUnit, &asOf, &r.UpdatedAt)
		r.AsOf = asOf.Time
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: fx rates: %w", err)
	}
	return rates, nil
}

// SetFXRate inserts or replaces a rate; usdPerUnit is exact decimal text.
// Every rate set is kept in the history.
func (s *Store) SetFXRate(ctx context.Context, by audit.Actor, currency, usdPerUnit string, asOf time.Time) error {
	return s.setFXRate(ctx, by, currency, usdPerUnit, asOf, "fx.set")
}

func (s *Store) setFXRate(ctx context.Context, by audit.Actor, currency, usdPerUnit string, asOf time.Time, action string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var before *string
		var old string
		if err := tx.QueryRow(ctx, `SELECT usd_per_unit::text FROM fx_rates WHERE currency = $1`, currency).Scan(&old); err == nil {
			before = &old
		}
		if _, err := tx.Exec(ctx, `INSERT INTO fx_rates (currency, usd_per_unit, as_of, updated_by) VALUES ($1, $2::numeric, $3, $4)
			ON CONFLICT (currency) DO UPDATE SET usd_per_unit = EXCLUDED.usd_per_unit, as_of = EXCLUDED.as_of,
			updated_by = EXCLUDED.updated_by, updated_at = now()`, currency, usdPerUnit, asOf, by.ID); err != nil {
			return fmt.Errorf("store: set fx %s: %w", currency, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO fx_rate_history (currency, usd_per_unit, as_of, set_by) VALUES ($1, $2::numeric, $3, $4)`,
			currency, usdPerUnit, asOf, by.ID); err != nil {
			return fmt.Errorf("store: fx history %s: %w", currency, err)
		}
		e := audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: action, ObjectType: "fx_rate", ObjectID: currency,
			After: map[string]string{"usd_per_unit": usdPerUnit, "as_of": asOf.Format(time.DateOnly)}}
		if before != nil {
			e.Before = map[string]string{"usd_per_unit": *before}
		}
		return insertAudit(ctx, tx, e)
	})
}

// PriceReference is an uploaded market price file.
type PriceReference struct {
	ID         int64
	Source     string
	SourceDate string
	CSV        string
	UploadedAt time.Time
}

// LatestPriceReferenceID returns the id of the newest uploaded reference,
// 0 when the bundled one is in use: a cheap check before a cache hit.
func (s *Store) LatestPriceReferenceID(ctx context.Context) (int64, error) {
	return priceReferenceIDRead.run(ctx, s.pool)
}

var priceReferenceIDRead = read[int64]{sql: `SELECT COALESCE(max(id), 0) FROM price_references`,
	collect: func(rows pgx.Rows) (int64, error) {
		id, err := pgx.CollectExactlyOneRow(rows, pgx.RowTo[int64])
		if err != nil {
			return 0, fmt.Errorf("store: price reference id: %w", err)
		}
		return id, nil
	}}

// LatestPriceReference returns the newest uploaded reference, or
// ErrNotFound when the bundled one is in use.
func (s *Store) LatestPriceReference(ctx context.Context) (PriceReference, error) {
	var r PriceReference
	err := s.pool.QueryRow(ctx, `SELECT id, source, source_date, csv, uploaded_at FROM price_references ORDER BY id DESC LIMIT 1`).
		Scan(&r.ID, &r.Source, &r.SourceDate, &r.CSV, &r.UploadedAt)
	if err != nil {
		return PriceReference{}, notFound("store: price reference", err)
	}
	return r, nil
}

// SavePriceReference stores a new reference file; it is in use at once.
func (s *Store) SavePriceReference(ctx context.Context, by audit.Actor, source, sourceDate, csv string) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO price_references (source, source_date, csv, uploaded_by) VALUES ($1, $2, $3, $4) RETURNING id`,
			source, sourceDate, csv, by.ID).Scan(&id); err != nil {
			return fmt.Errorf("store: save price reference: %w", err)
		}
		return insertAudit(ctx, tx, audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "reference.upload",
			ObjectType: "price_reference", ObjectID: fmt.Sprint(id), After: map[string]any{"source": source, "source_date": sourceDate, "bytes": len(csv)}})
	})
}
