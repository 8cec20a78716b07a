package evaluation

import (
	"context"
	"strings"
	"time"

	"github.com/gpuquote/gpuquote/internal/quote"
	"github.com/gpuquote/gpuquote/internal/store"
)

// FXTable is the admin's exchange rates as exact decimals, USD per unit,
// with the date of each.
type FXTable struct {
	USDPer map[string]quote.Decimal
	AsOf   map[string]time.Time
}

// FX reads the admin's exchange rates.
func (s *Service) FX(ctx context.Context) (FXTable, error) {
	rates, err := s.store.FXRates(ctx)
	if err != nil {
		return FXTable{}, err
	}
	return fxTable(rates), nil
}

func fxTable(rates []store.FXRate) FXTable {
	t := FXTable{USDPer: map[string]quote.Decimal{}, AsOf: map[string]time.Time{}}
	for _, r := range rates {
		d, err := quote.ParseDecimal(trimDecimal(r.USDPerUnit))
		if err != nil {
			continue
		}
		t.USDPer[r.Currency], t.AsOf[r.Currency] = d, r.AsOf
	}
	return t
}

// trimDecimal drops the trailing zeros PostgreSQL's numeric prints.
func trimDecimal(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}
