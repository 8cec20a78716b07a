package evaluation

import (
	"context"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/audit"
	"github.com/gpuquote/gpuquote/internal/market"
	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// The reference data an admin keeps: exchange rates and the market price
// file, each with its history and a rollback, and the plausibility check
// that asks for a confirmation before a figure far from the one in use
// replaces it.

// implausibleFactor is how far a new reference figure may move from the
// one in use before the admin is asked to confirm it: a rate typed in the
// wrong unit (yen per dollar instead of dollars per yen) is off by far
// more, a real market move by far less.
const implausibleFactor = 10

// historyRows bounds the history of each kind of reference data.
const historyRows = 30

// RateDoubt is why a new rate needs confirming: it is Factor times the
// rate in use (Old, set as of AsOf).
type RateDoubt struct {
	Factor float64
	Old    quote.Decimal
	AsOf   time.Time
}

// PriceDoubt is why a new price file needs confirming: it has fewer than
// half the rows of the file in use (NewRows, OldRows), or the on-demand
// median of the GPUs in Moved moved by the implausible factor.
type PriceDoubt struct {
	NewRows, OldRows int
	Moved            []string
}

// FewerRows says the doubt is the file's size, not its prices.
func (d PriceDoubt) FewerRows() bool { return len(d.Moved) == 0 }

// SetFXRate sets one exchange rate, USD per unit, as of a date. Unless
// confirmed, a rate the implausible factor away from the one in use is
// not saved and its doubt is returned instead.
func (s *Service) SetFXRate(ctx context.Context, by audit.Actor, currency string, rate quote.Decimal, asOf time.Time, confirmed bool) (*RateDoubt, error) {
	if !confirmed {
		if d := s.rateDoubt(ctx, currency, rate); d != nil {
			return d, nil
		}
	}
	return nil, s.store.SetFXRate(ctx, by, currency, rate.String(), asOf)
}

// rateDoubt compares a new rate with the one in use; rates that cannot be
// read raise no doubt.
func (s *Service) rateDoubt(ctx context.Context, currency string, rate quote.Decimal) *RateDoubt {
	t, err := s.FX(ctx)
	if err != nil {
		return nil
	}
	old, ok := t.USDPer[currency]
	if !ok || ratio(rate, old) < implausibleFactor {
		return nil
	}
	return &RateDoubt{Factor: ratio(rate, old), Old: old, AsOf: t.AsOf[currency]}
}

// SavePrices replaces the market price reference with csv (a file
// market.Parse reads), naming its source and date. Unless confirmed, a
// file much smaller than the one in use, or moving a GPU's median by the
// implausible factor, is not saved and its doubt is returned instead.
func (s *Service) SavePrices(ctx context.Context, by audit.Actor, source, sourceDate, csv string, confirmed bool) (*PriceDoubt, error) {
	if !confirmed {
		cur, err := s.PriceReference(ctx)
		if err != nil {
			return nil, err
		}
		if d := priceDoubt(cur, csv); d != nil {
			return d, nil
		}
	}
	return nil, s.store.SavePriceReference(ctx, by, source, sourceDate, csv)
}

// priceDoubt compares a new price file with the reference in use; a file
// that does not parse raises none (it is refused before).
func priceDoubt(cur market.Reference, csv string) *PriceDoubt {
	next, err := market.Parse(strings.NewReader(csv))
	if err != nil {
		return nil
	}
	if 2*len(next.Rows) < len(cur.Rows) {
		return &PriceDoubt{NewRows: len(next.Rows), OldRows: len(cur.Rows)}
	}
	var moved []string
	for _, k := range next.Keys() {
		a, b := next.Stats(k, market.KindOnDemand), cur.Stats(k, market.KindOnDemand)
		if a.Count > 0 && b.Count > 0 && ratio(a.Median, b.Median) >= implausibleFactor {
			moved = append(moved, k)
		}
	}
	if len(moved) == 0 {
		return nil
	}
	return &PriceDoubt{NewRows: len(next.Rows), OldRows: len(cur.Rows), Moved: moved}
}

// ratio is how many times larger a is than b (≥ 1 either way), for the
// plausibility check only; amounts are never computed with it.
func ratio(a, b quote.Decimal) float64 {
	x, y := a.Float64(), b.Float64()
	if x <= 0 || y <= 0 {
		return 0
	}
	if x < y {
		x, y = y, x
	}
	return x / y
}

// ReferenceHistory is the latest rates set and price files uploaded,
// newest first.
type ReferenceHistory struct {
	FX     []store.FXHistoryEntry
	Prices []store.PriceReferenceEntry
}

// ReferenceHistory reads both histories in one snapshot.
func (s *Service) ReferenceHistory(ctx context.Context) (ReferenceHistory, error) {
	var h ReferenceHistory
	err := s.store.ReadOnly(ctx, func(tx *store.Store) error {
		var err error
		if h.FX, err = tx.FXHistory(ctx, historyRows); err != nil {
			return err
		}
		h.Prices, err = tx.PriceReferenceHistory(ctx, historyRows)
		return err
	})
	return h, err
}

// RollbackFX puts an earlier rate (a history entry) back in use.
func (s *Service) RollbackFX(ctx context.Context, by audit.Actor, historyID int64) error {
	_, err := s.store.RollbackFXRate(ctx, by, historyID)
	return err
}

// RollbackPrices puts an earlier price file back in use.
func (s *Service) RollbackPrices(ctx context.Context, by audit.Actor, id int64) error {
	return s.store.RollbackPriceReference(ctx, by, id)
}
