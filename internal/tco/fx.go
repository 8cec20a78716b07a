package tco

import (
	"errors"
	"fmt"
)

// ErrNoFXRate means an amount is in a currency the evaluation has no rate
// for. Guessing 1.0 would silently misprice a quote by the exchange rate,
// so the worksheet refuses instead.
var ErrNoFXRate = errors.New("no FX rate")

// convert turns minor units of cur into minor units of the evaluation
// currency. It returns the rate used (zero when no conversion was needed)
// so the line can show it.
func (e *engine) convert(minor int64, cur string) (int64, FXRate, error) {
	if cur == e.a.Currency {
		return minor, FXRate{}, nil
	}
	fx, ok := e.a.FX[cur]
	if !ok {
		return 0, FXRate{}, fmt.Errorf("%w: %s to %s", ErrNoFXRate, cur, e.a.Currency)
	}
	// Rescale between minor units too: JPY has none, USD has cents.
	v := float64(minor) * fx.Rate * scale(e.a.Currency) / scale(cur)
	if err := bounded(v); err != nil {
		return 0, FXRate{}, err
	}
	return roundHalfAway(v), fx, nil
}

// money rounds an amount in major units of cur and converts it, giving the
// line's original and evaluation-currency figures.
func (e *engine) money(amount float64, cur string) (figure, error) {
	if err := bounded(amount * scale(cur)); err != nil {
		return figure{}, err
	}
	orig := NewMoney(amount, cur)
	ev, fx, err := e.convert(orig.Minor, cur)
	if err != nil {
		return figure{}, err
	}
	return figure{orig: orig, eval: Money{Minor: ev, Currency: e.a.Currency}, fx: fx}, nil
}
