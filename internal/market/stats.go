package market

import (
	"math/big"
	"slices"

	"github.com/gpuquote/gpuquote/internal/quote"
)

// Stats summarises the reference prices for one GPU key and price kind, in
// USD per GPU-hour. Every figure is an exact decimal: a quartile that falls
// between two prices is interpolated in integer micro-dollars and rounded
// half away from zero to six places, so what is shown can be re-derived by
// hand from the rows.
type Stats struct {
	Count  int           // number of prices; the other fields are zero when 0
	Min    quote.Decimal // lowest price
	P25    quote.Decimal // first quartile
	Median quote.Decimal // second quartile
	P75    quote.Decimal // third quartile
	Max    quote.Decimal // highest price
}

// Summarize computes Stats over prices (in any order; the slice is not
// changed). Quartiles use linear interpolation between closest ranks —
// the method of spreadsheet PERCENTILE.INC and QUARTILE.INC — so a user
// can check them in a spreadsheet: the p-quantile sits at rank p×(n−1)
// (from 0) of the sorted prices.
func Summarize(prices []quote.Decimal) Stats {
	if len(prices) == 0 {
		return Stats{}
	}
	m := make([]int64, len(prices))
	for i, p := range prices {
		m[i] = p.Micros()
	}
	slices.Sort(m)
	return Stats{
		Count:  len(m),
		Min:    quote.DecimalFromMicros(m[0]),
		P25:    quote.DecimalFromMicros(quantile(m, 1, 4)),
		Median: quote.DecimalFromMicros(quantile(m, 1, 2)),
		P75:    quote.DecimalFromMicros(quantile(m, 3, 4)),
		Max:    quote.DecimalFromMicros(m[len(m)-1]),
	}
}

// quantile returns the num/den quantile of sorted micros. The rank
// num×(n−1)/den has a fractional part k/den; the value is
// x[lo] + k×(x[lo+1]−x[lo])/den, rounded to a whole micro-dollar. Big
// integers keep the product exact whatever the prices.
func quantile(sorted []int64, num, den int64) int64 {
	pos := num * int64(len(sorted)-1)
	lo, k := pos/den, pos%den
	if k == 0 {
		return sorted[lo]
	}
	step := new(big.Int).Sub(big.NewInt(sorted[lo+1]), big.NewInt(sorted[lo]))
	step.Mul(step, big.NewInt(k))
	frac, _ := divRound(step, big.NewInt(den))
	return sorted[lo] + frac
}

// divRound returns n/d rounded half away from zero, which is the rounding
// people do by hand and what spreadsheets' ROUND does, and whether the
// result fits in an int64. d must be positive.
func divRound(n, d *big.Int) (int64, bool) {
	q, r := new(big.Int).QuoRem(n, d, new(big.Int))
	// |r| ≥ d/2 ⇔ 2|r| ≥ d: round the magnitude up, keeping the sign.
	twice := new(big.Int).Abs(r)
	twice.Lsh(twice, 1)
	if twice.Cmp(d) >= 0 {
		if n.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	if !q.IsInt64() {
		return 0, false
	}
	return q.Int64(), true
}
