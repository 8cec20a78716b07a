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
	m, fx, err := e.a.Convert(Money{Minor: minor, Currency: cur})
	return m.Minor, fx, err
}

// Convert turns an amount into the evaluation currency with the same
// rates and rounding the worksheet's lines use, so a page that shows a
// figure converted agrees with the lines to the minor unit.
func (a Assumptions) Convert(m Money) (Money, FXRate, error) {
	if m.Currency == a.Currency {
		return m, FXRate{}, nil
	}
	fx, ok := a.FX[m.Currency]
	if !ok {
		return Money{}, FXRate{}, fmt.Errorf("%w: %s to %s", ErrNoFXRate, m.Currency, a.Currency)
	}
	// Rescale between minor units too: JPY has none, USD has cents.
	v := float64(m.Minor) * fx.Rate * scale(a.Currency) / scale(m.Currency)
	if err := bounded(v); err != nil {
		return Money{}, FXRate{}, err
	}
	return Money{Minor: roundHalfAway(v), Currency: a.Currency}, fx, nil
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
