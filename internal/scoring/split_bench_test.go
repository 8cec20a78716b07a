package scoring

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// benchOptions are n eligible offers from n/10 vendors, a third with a
// minimum spend.
func benchOptions(n int) []SplitOption {
	r := rand.New(rand.NewPCG(1, 2))
	opts := make([]SplitOption, n)
	for i := range opts {
		o := Offer{TCOMinor: int64(100_000 + r.IntN(2_000_000)), TermMonths: 1 + r.IntN(12), UnitsPerMonth: float64(5 + r.IntN(30))}
		if i%3 == 0 {
			o.MinSpendMinor = int64(r.IntN(30_000_000))
		}
		o.ContractMinor = max(o.TCOMinor*int64(o.TermMonths), o.MinSpendMinor)
		o.MonthlyMinor = o.ContractMinor / int64(o.TermMonths)
		opts[i] = SplitOption{QuoteID: int64(i + 1), Vendor: "v" + strconv.Itoa(i%max(1, n/10)), Eligible: true, Offer: o}
	}
	return opts
}

// go test -run '^$' -bench SuggestSplit ./internal/scoring/
func BenchmarkSuggestSplit(b *testing.B) {
	for _, n := range []int{20, 1000, 10000} {
		for _, volume := range []float64{0, 20} {
			opts := benchOptions(n)
			b.Run(strconv.Itoa(n)+"/volume="+strconv.FormatFloat(volume, 'f', 0, 64), func(b *testing.B) {
				for b.Loop() {
					SuggestSplit(opts, volume, 60)
				}
			})
		}
	}
}
