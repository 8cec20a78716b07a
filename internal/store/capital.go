package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gpuquote/gpuquote/internal/audit"
)

// CapitalCost is what buying one GPU of a model costs in USD, all in
// (card, server share, network), with the source and date of the figure.
type CapitalCost struct {
	GPUModel   string    `json:"gpu_model"`
	USDPerGPU  string    `json:"usd_per_gpu"` // exact decimal text
	Source     string    `json:"source"`
	SourceDate string    `json:"source_date"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// CapitalCosts returns every figure, by GPU model.
func (s *Store) CapitalCosts(ctx context.Context) ([]CapitalCost, error) {
	return capitalCostsRead.run(ctx, s.pool)
}

var capitalCostsRead = read[[]CapitalCost]{
	sql: `SELECT gpu_model, usd_per_gpu::text, source, source_date, updated_at FROM capital_costs ORDER BY gpu_model`,
	collect: func(rows pgx.Rows) ([]CapitalCost, error) {
		out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (CapitalCost, error) {
			var c CapitalCost
			err := row.Scan(&c.GPUModel, &c.USDPerGPU, &c.Source, &c.SourceDate, &c.UpdatedAt)
			return c, err
		})
		if err != nil {
			return nil, fmt.Errorf("store: capital costs: %w", err)
		}
		return out, nil
	}}

// SetCapitalCost inserts or replaces one GPU model's figure, with its
// source and date; the audit log keeps the figure it replaced.
func (s *Store) SetCapitalCost(ctx context.Context, by audit.Actor, c CapitalCost) error {
	return s.inTx(ctx, func(tx pgx.Tx) error {
		var before *CapitalCost
		var old CapitalCost
		if err := tx.QueryRow(ctx, `SELECT usd_per_gpu::text, source, source_date FROM capital_costs WHERE gpu_model = $1`, c.GPUModel).
			Scan(&old.USDPerGPU, &old.Source, &old.SourceDate); err == nil {
			before = &old
		}
		if _, err := tx.Exec(ctx, `INSERT INTO capital_costs (gpu_model, usd_per_gpu, source, source_date, updated_by)
			VALUES ($1, $2::numeric, $3, $4, $5)
			ON CONFLICT (gpu_model) DO UPDATE SET usd_per_gpu = EXCLUDED.usd_per_gpu, source = EXCLUDED.source,
			source_date = EXCLUDED.source_date, updated_by = EXCLUDED.updated_by, updated_at = now()`,
			c.GPUModel, c.USDPerGPU, c.Source, c.SourceDate, by.ID); err != nil {
			return fmt.Errorf("store: set capital cost %s: %w", c.GPUModel, err)
		}
		e := audit.Entry{ActorID: by.ID, ActorEmail: by.Email, Action: "capital_cost.set", ObjectType: "capital_cost", ObjectID: c.GPUModel,
			After: map[string]string{"usd_per_gpu": c.USDPerGPU, "source": c.Source, "source_date": c.SourceDate}}
		if before != nil {
			e.Before = map[string]string{"usd_per_gpu": before.USDPerGPU, "source": before.Source, "source_date": before.SourceDate}
		}
		return insertAudit(ctx, tx, e)
	})
}
